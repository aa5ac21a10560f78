import type { PreliminaryReportInput } from '../pdf/preliminary-input';
import type { PremiumReportInput } from '../pdf/premium-input';

/** A PDF to draw on the render pool: which report kind, and everything it is drawn from. */
export type RenderTask = { kind: 'preliminary'; input: PreliminaryReportInput } | { kind: 'premium'; input: PremiumReportInput };
