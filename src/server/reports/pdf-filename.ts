import { REPORT_TYPE, type ReportType } from '../../shared/states';
import type { Db } from '../platform/db/database';
import type { StoredFileRule } from '../platform/http/file-routes';
import { liveReportOfPdf } from './repos/reports';

const MAX_NAME = 100;

/** 'ST MARY STREET' reads 'St Mary Street'; a postcode keeps its capitals. */
const titleCase = (text: string) =>
  text.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_all, before: string, letter: string) => before + letter.toUpperCase());

/**
 * The name a report's PDF is saved under, after its property: '28-29 ST MARY STREET, CF10 1AB'
 * becomes 'EPC-report-28-29-St-Mary-Street-CF10-1AB.pdf'. Letters lose their accents (Tŷ becomes
 * Ty) and anything else becomes a dash, so the name is plain ASCII on every system.
 */
export function reportPdfFilename(reportName: string, type: ReportType): string {
  const comma = reportName.lastIndexOf(',');
  const address = comma >= 0 ? reportName.slice(0, comma) : reportName;
  const postcode = comma >= 0 ? reportName.slice(comma + 1) : '';
  const readable = `${titleCase(address.slice(0, 300))} ${postcode.slice(0, 20).toUpperCase()}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, MAX_NAME)
    .replace(/-$/, '');
  const kind = type === REPORT_TYPE.premium ? 'EPC-Premium-report' : 'EPC-report';
  return `${readable ? `${kind}-${readable}` : kind}.pdf`;
}

/**
 * A report's PDF is served under its property's name, and only while the report is live: an
 * address handed out before a delete stops working.
 */
export function reportPdfFileRule(db: Db): StoredFileRule {
  return {
    prefix: 'reports/',
    goneMessage: 'This report has been deleted.',
    async downloadName(key) {
      const report = await liveReportOfPdf(db, key);
      return report ? reportPdfFilename(report.name, report.type) : null;
    },
  };
}
