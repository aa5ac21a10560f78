import PDFDocument from 'pdfkit';
import { drawAssessorContact } from './assessor-contact';
import { drawCallToAction } from './call-to-action';
import { drawCover } from './cover';
import { pdfText } from './format';
import { drawFundingSummary } from './funding-summary';
import { createContext, PAGE } from './layout';
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
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
      bufferPages: true,
      compress: true,
      info: {
        Title: pdfText(`Property Improvement Report - ${input.reportName}`),
        Author: pdfText(input.branding.companyName),
        Subject: 'Preliminary Report',
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const ctx = createContext(doc, input);
      drawCover(ctx);
      doc.addPage();
      drawPropertySummary(ctx);
      drawRatings(ctx);
      drawMeasures(ctx);
      drawRunningCosts(ctx);
      drawFundingSummary(ctx, input.funding);
      drawCallToAction(ctx);
      drawAssessorContact(ctx);
      drawPageFrames(ctx, { title: 'Property Improvement Report · Preliminary', reportName: input.reportName });
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
