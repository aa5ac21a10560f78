import { HomePlan } from '../components/portfolio/home-plan';
import { sharedPortfolioArgs, useSharedPortfolioQuery } from './api';
import { assessorFromError } from './assessor-brand';
import { ShowBrand } from './brand-context';
import { Link, portfolioOrderOf, portfolioOrderSearch, portfolioPaths } from './location';
import { LoadingView } from './message-views';
import { PortfolioLinkInvalid } from './portfolio-page';

/**
 * One home of the landlord's link (/s/portfolio/{id}/{slug}/home/{homeId}): read from the same
 * view as the list, in the same order, so moving between them asks the server nothing new.
 */
export function PortfolioHomePage({ portfolioPath, homeId }: { portfolioPath: string; homeId: number }) {
  const order = portfolioOrderOf(window.location.search);
  const { data, isLoading, isError, error } = useSharedPortfolioQuery(sharedPortfolioArgs(portfolioPath, order));

  if (isLoading) return <LoadingView />;
  if (isError || !data) return <PortfolioLinkInvalid assessor={assessorFromError(error)} />;

  const home = data.homes.find((h) => h.home_id === homeId);
  const back = (
    <p className="shared-back">
      <Link to={`${portfolioPaths.summary(portfolioPath)}${portfolioOrderSearch(order)}`}>← Back to all homes</Link>
    </p>
  );
  return (
    <>
      <ShowBrand assessor={data.assessor} />
      <section className="shared-card">
        {back}
        {home ? (
          <>
            <h1>{home.address}</h1>
            <HomePlan home={home} view={data} />
          </>
        ) : (
          <>
            <h1>This home is no longer in the portfolio.</h1>
            <p>Your assessor may have removed it. The list of homes shows the portfolio as it is now.</p>
          </>
        )}
      </section>
    </>
  );
}
