import * as access from './access';
import * as reports from './reports';
import * as settings from './settings';
import * as sharedReports from './shared-reports';

/** Every call of the API, by area. */
export const contract = { access, reports, settings, sharedReports } as const;
