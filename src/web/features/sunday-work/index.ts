// The Sunday work feature's public entry: a person's Sunday work as My Tasks lists it.
export { SundayWorkSection } from './components/sunday-work-section';
