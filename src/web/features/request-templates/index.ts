// The request templates feature's public entry: the new-request form's picker and the drawer's Save as template.
export { TemplatePicker } from './components/template-picker';
export { SaveAsTemplateButton, maySaveAsTemplate } from './components/save-as-template';
export { requestTemplatesQuery } from './api/request-templates';
