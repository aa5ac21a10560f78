// What other features may use of the settings: the user's brandings and email template.
export { useBrandingList, useEmailTemplateQuery } from './api';
