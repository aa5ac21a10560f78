import PDFDocument from 'pdfkit';
import { pdfText } from '../format';
import type { PremiumPlan, PremiumReportInput } from '../premium-input';

/**
 * A plain Premium Report: the report's name, each plan with its measures and the band after each
 * step, the assessor's own plan and their remarks. The full renderer replaces this file; the
 * signature is the contract between them.
 */
export function renderPremiumPdf(input: PremiumReportInput): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', compress: true, info: { Title: pdfText(`Premium Report - ${input.reportName}`) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const plan = (p: PremiumPlan) => {
      doc.addPage().fontSize(16).text(pdfText(p.name));
      doc.fontSize(10).text(`Band after: ${p.bandAfter} (${p.epcAfter} points)`);
      for (const step of p.steps) doc.text(pdfText(`${step.name}: ${step.epcTotal} points, band ${step.epcBand}, ${step.costTotal}`));
    };
    try {
      doc.fontSize(20).text('Premium Report').fontSize(12).text(pdfText(input.reportName));
      doc.text(pdfText(input.branding.companyName));
      input.plans.forEach(plan);
      if (input.customPlan) plan(input.customPlan);
      if (input.remarks) doc.addPage().fontSize(16).text("Your assessor's remarks").fontSize(10).text(pdfText(input.remarks));
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
