import PDFDocument from 'pdfkit';
import { keepStandardFontMetrics } from './font-metrics';
import { pdfText } from './format';
import { PAGE, type Doc } from './layout';

/**
 * An A4 report as a PDF, drawn by `draw` onto a document set up the same way for every report:
 * standard fonts only (nothing to embed), compressed streams, pages buffered so the running
 * header and footer can be added once the page count is known.
 */
export function renderPdfDocument(info: { title: string; author: string; subject: string }, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
      bufferPages: true,
      compress: true,
      info: { Title: pdfText(info.title), Author: pdfText(info.author), Subject: info.subject },
    });
    keepStandardFontMetrics(doc);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
