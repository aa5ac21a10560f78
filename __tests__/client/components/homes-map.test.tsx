import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HomesMap, MAP_UNAVAILABLE, type MapHome } from '../../../src/client/components/homes-map';

/**
 * jsdom lays nothing out and loads no images, so these tests see the map's own parts (markers,
 * popups, messages) and make tiles fail by hand; the browser journey sees the tiles drawn.
 */

const TILES = 'https://tiles.test/{z}/{x}/{y}.png';
const CREDIT = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const LEAFLET_CHUNK = '../../../src/client/components/homes-map-leaflet';

const HOMES: MapHome[] = [
  { id: 1, label: '1 Station Road, B90 4SS', band: 'D', lat: 52.41, lng: -1.78, href: '/s/1/abc' },
  { id: 2, label: '2 Park Row, LS1 4AB', band: 'F', lat: 53.8, lng: -1.55 },
  { id: 3, label: '3 New Street, ZZ9 9ZZ', band: 'C', lat: null, lng: null },
  { id: 4, label: '4 Old Lane, AB1 0AA', band: 'E', lat: null, lng: null },
];

const mapRegion = () => screen.getByRole('region', { name: /map of the homes/i });
/** Leaflet draws each circle marker as an SVG path. */
const markersIn = (region: HTMLElement) => region.querySelectorAll('path.leaflet-interactive');

/** Leaflet asks for the tiles that fill its container, and jsdom's elements have no size: each is given a phone's screen. */
const sizes = ['clientWidth', 'clientHeight'] as const;
const laidOut = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
beforeAll(() => {
  // Leaflet keeps the page's scroll where it was when a click focuses the map; jsdom has no scrolling.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  for (const name of sizes)
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => (name === 'clientWidth' ? 360 : 300) });
});
afterAll(() => {
  for (const [name, descriptor] of laidOut) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

afterEach(() => {
  jest.dontMock(LEAFLET_CHUNK);
});

describe('the homes map', () => {
  it('draws a marker for each placed home and counts the homes it could not place', async () => {
    render(<HomesMap homes={HOMES} tileUrl={TILES} attribution={CREDIT} />);

    await waitFor(() => expect(markersIn(mapRegion())).toHaveLength(2));
    expect(screen.getByText('2 homes could not be placed on the map.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("opens a home's popup with its address linking to its report", async () => {
    const user = userEvent.setup();
    render(<HomesMap homes={HOMES.slice(0, 1)} tileUrl={TILES} attribution={CREDIT} />);
    await waitFor(() => expect(markersIn(mapRegion())).toHaveLength(1));

    await user.click(markersIn(mapRegion())[0]);

    expect(await screen.findByRole('link', { name: '1 Station Road, B90 4SS' })).toHaveAttribute('href', '/s/1/abc');
    expect(screen.getByText('EPC band D')).toBeInTheDocument();
  });

  it('says one home in the singular', async () => {
    render(<HomesMap homes={HOMES.slice(2, 3)} tileUrl={TILES} attribution={CREDIT} />);

    expect(await screen.findByText('1 home could not be placed on the map.')).toBeInTheDocument();
  });

  it('says the map is unavailable when no tile loads, and keeps the count', async () => {
    const { container } = render(<HomesMap homes={HOMES} tileUrl={TILES} attribution={CREDIT} />);
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());

    fireEvent.error(container.querySelector('img.leaflet-tile')!);

    expect(await screen.findByText(MAP_UNAVAILABLE)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('region', { name: /map of the homes/i })).not.toBeInTheDocument();
    expect(screen.getByText('2 homes could not be placed on the map.')).toBeInTheDocument();
  });

  it('keeps the map when a tile fails after others loaded', async () => {
    const { container } = render(<HomesMap homes={HOMES} tileUrl={TILES} attribution={CREDIT} />);
    await waitFor(() => expect(container.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(1));
    const [first, second] = container.querySelectorAll('img.leaflet-tile');

    fireEvent.load(first);
    fireEvent.error(second);

    expect(mapRegion()).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says the map is unavailable when its part of the app fails to load', async () => {
    jest.doMock(LEAFLET_CHUNK, () => {
      throw new Error('Loading chunk homes-map failed.');
    });

    render(<HomesMap homes={HOMES} tileUrl={TILES} attribution={CREDIT} />);

    expect(await screen.findByText(MAP_UNAVAILABLE)).toHaveAttribute('role', 'status');
    expect(screen.getByText('2 homes could not be placed on the map.')).toBeInTheDocument();
  });
});
