// What other features may use of Getting Started: the current prices.
export { useGettingStartedQuery } from './api';
