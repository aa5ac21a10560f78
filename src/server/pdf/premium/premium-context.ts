import type { DrawContext } from '../layout';
import type { PremiumReportInput } from '../premium-input';

/** What every Premium section draws with: the shared drawing context and the report's facts. */
export type PremiumContext = DrawContext & { input: PremiumReportInput };
