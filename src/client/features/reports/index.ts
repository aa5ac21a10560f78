// What other features may use of the report lists: the searchable, paged list view (the Premium list is one).
export { ReportsView } from './reports-view';
