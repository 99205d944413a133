// The setup feature's public entry: the prompt empty screens show a church that is not set up.
export { SetupPrompt } from './components/setup-prompt';
