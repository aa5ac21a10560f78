// What other features may use of Premium reports: the pending list (the wizard waits in it for a card payment to be confirmed).
export { usePendingReportsQuery } from './page-queries';
