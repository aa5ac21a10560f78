import type { PortfolioHome, PortfolioView } from '../../../shared/api/portfolios';
import { HomesMap } from '../homes-map';

/** The portfolio's homes on its map, each linking where the table's address does. */
export function PortfolioMap({ view, homeHref }: { view: PortfolioView; homeHref: (home: PortfolioHome) => string }) {
  const homes = view.homes.map((home) => ({
    id: home.home_id,
    label: home.address,
    band: home.band,
    lat: home.location?.lat ?? null,
    lng: home.location?.lng ?? null,
    href: homeHref(home),
  }));
  return <HomesMap homes={homes} tileUrl={view.map.tile_url} attribution={view.map.attribution} />;
}
