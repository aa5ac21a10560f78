import { renderPdfDocument } from '../document';
import { drawFigureNotes } from '../figure-notes';
import { createContext } from '../layout';
import { drawPageFrames } from '../page-frame';
import type { PremiumReportInput } from '../premium-input';
import { drawPropertySummary } from '../property-summary';
import { drawRunningCosts } from '../running-costs';
import { drawLetting } from './letting';
import { drawMeasureGuides } from './measure-guides';
import { drawNextSteps } from './next-steps';
import { drawPlanPage, drawPremiumFunding } from './plan-page';
import { drawPremiumCover } from './premium-cover';
import { drawRemarks } from './remarks';
import { drawPlansAtAGlance, drawWhereNow } from './summary';

export type { PremiumReportInput } from '../premium-input';

/**
 * The Premium Report as an A4 PDF: cover, where the home is and where each plan takes it, the
 * letting rules for a rented home, the assessor's remarks, a page per plan, the home's survey
 * details and running costs, a page per measure, and next steps. Standard fonts and compressed streams keep it in the tens of milliseconds.
 */
export function renderPremiumPdf(input: PremiumReportInput): Promise<Buffer> {
  const info = { title: `Premium Report - ${input.reportName}`, author: input.branding.companyName, subject: 'Premium Report' };
  return renderPdfDocument(info, (doc) => {
    const ctx = createContext(doc, input);
    drawPremiumCover(ctx);
    doc.addPage();
    drawWhereNow(ctx);
    drawFigureNotes(ctx, input.survey);
    drawPlansAtAGlance(ctx);
    drawLetting(ctx);
    drawRemarks(ctx);
    input.plans.forEach((plan, i) => drawPlanPage(ctx, plan, `Plan ${i + 1} of ${input.plans.length}`));
    if (input.customPlan) drawPlanPage(ctx, input.customPlan, "Your assessor's own plan");
    drawPremiumFunding(ctx);
    doc.addPage();
    drawPropertySummary(ctx);
    drawRunningCosts(ctx);
    drawMeasureGuides(ctx);
    drawNextSteps(ctx);
    drawPageFrames(ctx, { title: 'Property Improvement Report · Premium', reportName: input.reportName });
  });
}
