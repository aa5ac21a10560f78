// What other features may use of My Earnings: the assessor's earnings as loaded for the page.
export { useAgentEarningsQuery } from './api';
