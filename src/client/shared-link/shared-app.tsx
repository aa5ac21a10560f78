import { lazy, Suspense, useEffect, useState } from 'react';
import type { AssessorCard } from '../../shared/api/sharing';
import { AssessorHeader } from './assessor-brand';
import { BrandContext } from './brand-context';
import { SharedFooter } from './shared-footer';
import { useAmplitudeConfigQuery } from './api';
import { configureAnalytics } from './analytics';
import { ContractorPickerPage } from './contractor-picker-page';
import { landingModeOf, parseSharedPath, usePathname, type SharedRoute } from './location';
import { MeasuresPage } from './measures-page';
import { InvalidLink, LoadingView } from './message-views';
import { PremiumPage } from './premium-page';
import { PaymentCompletePage } from './payment-complete-page';
import { ReportPage } from './report-page';
import { LINK_PAGE_MODE } from '../../shared/states';

// The landlord's portfolio pages are their own chunk: an owner opening a report link never loads them.
const PortfolioPage = lazy(() =>
  import(/* webpackChunkName: "shared-portfolio" */ './portfolio-page').then((m) => ({ default: m.PortfolioPage })),
);
const PortfolioHomePage = lazy(() =>
  import(/* webpackChunkName: "shared-portfolio" */ './portfolio-home-page').then((m) => ({ default: m.PortfolioHomePage })),
);

function Page({ route }: { route: SharedRoute }) {
  switch (route.page) {
    case 'landing':
      return <ReportPage reportPath={route.reportPath} mode={landingModeOf(window.location.search)} />;
    case 'paynow':
      return <ReportPage reportPath={route.reportPath} mode={LINK_PAGE_MODE.paynow} />;
    case 'measures':
      return <MeasuresPage reportPath={route.reportPath} />;
    case 'contractors':
      // Keyed so that moving to another measure starts with nothing selected.
      return <ContractorPickerPage key={route.measureCode} {...route} />;
    case 'premium':
      return <PremiumPage reportPath={route.reportPath} />;
    case 'paymentComplete':
      return <PaymentCompletePage />;
    case 'portfolio':
      return (
        <Suspense fallback={<LoadingView />}>
          <PortfolioPage portfolioPath={route.portfolioPath} />
        </Suspense>
      );
    case 'portfolioHome':
      return (
        <Suspense fallback={<LoadingView />}>
          <PortfolioHomePage key={route.homeId} portfolioPath={route.portfolioPath} homeId={route.homeId} />
        </Suspense>
      );
    default:
      return <InvalidLink />;
  }
}

/** Every /s/... page: the one a link opens and those it moves to without reloading. */
export function SharedApp() {
  const pathname = usePathname();
  const { data: analytics, isError } = useAmplitudeConfigQuery();
  useEffect(() => {
    if (analytics) configureAnalytics(analytics);
    else if (isError) configureAnalytics({ enabled: false, apiKey: null });
  }, [analytics, isError]);

  // The page names its assessor once it has loaded; their brand heads the page, above <main>.
  const [assessor, setAssessor] = useState<AssessorCard>();

  return (
    <BrandContext.Provider value={setAssessor}>
      <div className="shared-page">
        {/* Its place is kept while the report loads, so the page below does not jump down when it arrives. */}
        {assessor ? <AssessorHeader assessor={assessor} /> : <div className="shared-brand" aria-hidden="true" />}
        <main className="shared-main">
          <Page route={parseSharedPath(pathname)} />
        </main>
        <SharedFooter />
      </div>
    </BrandContext.Provider>
  );
}
