import { useEffect } from 'react';
import { useSharedReportQuery } from './api';
import { setAnalyticsUser } from './analytics';
import { browser } from './browser';
import { PlainLanding, RedirectView, UpsellView } from './landing-views';
import { InvalidLink, LoadingView } from './message-views';
import { assessorFromError } from './assessor-brand';
import { PayNow } from './pay-now';
import { LINK_PAGE_MODE, type LinkPageMode } from '../../shared/states';

/** The page's own mode: the link's route picks upsell or paynow; any other shows the plain landing. */
export type PageMode = LinkPageMode;

export function ReportPage({ reportPath, mode }: { reportPath: string; mode: PageMode }) {
  const { data, isLoading, isError, error } = useSharedReportQuery({ report_path: reportPath, initial_mode: mode });
  const redirect = Boolean(data?.doRedirect) && mode !== LINK_PAGE_MODE.paynow;

  useEffect(() => {
    setAnalyticsUser(data?.tracking_id);
  }, [data?.tracking_id]);

  useEffect(() => {
    if (data && redirect) browser.replace(data.pdfUrl);
  }, [data, redirect]);

  if (isLoading) return <LoadingView />;
  if (isError || !data) return <InvalidLink assessor={assessorFromError(error)} />;
  if (mode === LINK_PAGE_MODE.paynow) return <PayNow report={data} reportPath={reportPath} />;
  if (redirect) return <RedirectView report={data} />;
  if (mode === LINK_PAGE_MODE.upsell) return <UpsellView report={data} reportPath={reportPath} />;
  return <PlainLanding report={data} />;
}
