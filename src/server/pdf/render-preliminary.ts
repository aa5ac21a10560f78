import { drawAssessorContact } from './assessor-contact';
import { drawCallToAction } from './call-to-action';
import { drawCover } from './cover';
import { renderPdfDocument } from './document';
import { drawFigureNotes } from './figure-notes';
import { drawFundingSummary } from './funding-summary';
import { createContext } from './layout';
import { drawMeasures } from './measures-table';
import { drawPageFrames } from './page-frame';
import type { PreliminaryReportInput } from './preliminary-input';
import { drawPropertySummary } from './property-summary';
import { drawRatings } from './ratings';
import { drawRunningCosts } from './running-costs';

export type { PreliminaryReportInput } from './preliminary-input';

/**
 * The Preliminary Report as an A4 PDF. Standard fonts only (nothing to embed) and compressed
 * streams keep a typical report in the tens of milliseconds and a few tens of kilobytes.
 */
export function renderPreliminaryPdf(input: PreliminaryReportInput): Promise<Buffer> {
  const info = {
    title: `Property Improvement Report - ${input.reportName}`,
    author: input.branding.companyName,
    subject: 'Preliminary Report',
  };
  return renderPdfDocument(info, (doc) => {
    const ctx = createContext(doc, input);
    drawCover(ctx);
    doc.addPage();
    drawPropertySummary(ctx);
    drawRatings(ctx);
    drawMeasures(ctx);
    drawFigureNotes(ctx, input.survey);
    drawRunningCosts(ctx);
    drawFundingSummary(ctx, input.funding);
    drawCallToAction(ctx);
    drawAssessorContact(ctx);
    drawPageFrames(ctx, { title: 'Property Improvement Report · Preliminary', reportName: input.reportName });
  });
}
