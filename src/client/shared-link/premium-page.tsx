import { useEffect } from 'react';
import { useSharedPremiumReportQuery } from './api';
import { browser } from './browser';
import { LoadingView, NotFound } from './message-views';

/** A premium report's link goes straight to its PDF; the page only shows while that happens. */
export function PremiumPage({ reportPath }: { reportPath: string }) {
  const { data, isLoading, isError } = useSharedPremiumReportQuery({ report_path: reportPath });
  useEffect(() => {
    if (data) browser.replace(data.pdfUrl);
  }, [data]);

  if (isLoading) return <LoadingView />;
  if (isError || !data) return <NotFound />;
  return (
    <section className="shared-card shared-center">
      <h1>Your Premium Report</h1>
      <a className="button" href={data.pdfUrl}>
        Press here if your report does not download automatically
      </a>
    </section>
  );
}
