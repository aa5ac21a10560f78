import * as access from './access';
import * as account from './account';
import * as booking from './booking';
import * as brandings from './brandings';
import * as contractors from './contractors';
import * as earnings from './earnings';
import * as messages from './messages';
import * as operations from './operations';
import * as payments from './payments';
import * as portfolios from './portfolios';
import * as premium from './premium';
import * as reports from './reports';
import * as sharing from './sharing';
import * as uploads from './uploads';

/** Every call of the API, by the server domain that answers it. */
export const contract = {
  access,
  account,
  messages,
  reports,
  uploads,
  premium,
  payments,
  brandings,
  earnings,
  sharing,
  portfolios,
  contractors,
  booking,
  operations,
} as const;
