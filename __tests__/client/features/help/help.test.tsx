import { screen, within, fireEvent, waitFor } from '@testing-library/react';
import { helpApi } from '../../../../src/client/features/help/api';
import HelpPage from '../../../../src/client/features/help/help-page';
import { tutorialVideos, TUTORIAL_IDS } from '../../../../src/shared/api/access';
import { renderWithProviders } from '../../helpers/render';
import { answer, fail, server } from '../../helpers/msw';

const TITLES = ['Welcome', 'Types of report', 'Creating a Preliminary Report', 'Creating a Premium Report', 'Customising branding'];

const openHelp = () => renderWithProviders(<HelpPage />, { route: '/help' });
const tutorial = (title: string) => screen.getByRole('region', { name: title });
const videoList = (store: ReturnType<typeof openHelp>['store']) => helpApi.endpoints.tutorialVideos.select()(store.getState());

describe('Help page', () => {
  it('holds the five tutorials in order, each as numbered steps with screenshots that have alt text', () => {
    server.use(answer(tutorialVideos, () => ({ success: true as const, videos: [] })));
    openHelp();
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    // The tutorials, then how a survey is checked (help-survey-checks.test.tsx).
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([...TITLES, 'How we check a survey']);
    const contents = within(screen.getByRole('navigation', { name: 'Tutorials' })).getAllByRole('link');
    expect(contents.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(TITLES.map((t, i) => [t, `#tutorial-${TUTORIAL_IDS[i]}`]));
    for (const title of TITLES) {
      const steps = within(tutorial(title)).getAllByRole('listitem');
      expect(steps.length).toBeGreaterThanOrEqual(3);
      for (const img of within(tutorial(title)).queryAllByRole('img')) {
        expect(img.getAttribute('alt')!.length).toBeGreaterThan(10);
        expect(img.getAttribute('src')).toMatch(/^\/tutorials\/[a-z-]+-\d\.png$/);
      }
    }
    expect(within(tutorial('Creating a Preliminary Report')).getByText(/Upload the lodged EPC XML file/)).toBeInTheDocument();
    expect(within(tutorial('Creating a Preliminary Report')).getByRole('img', { name: /marked Uploaded/ })).toHaveAttribute(
      'src',
      '/tutorials/creating-a-preliminary-report-2.png',
    );
  });

  it('shows no player at all when no video is configured', async () => {
    server.use(answer(tutorialVideos, () => ({ success: true as const, videos: [] })));
    const { store } = openHelp();
    await waitFor(() => expect(videoList(store).isSuccess).toBe(true));
    expect(document.querySelector('video')).toBeNull();
  });

  it('shows the steps without a player when the video list cannot be loaded', async () => {
    server.use(answer(tutorialVideos, () => fail(500, 'Something went wrong.')));
    const { store } = openHelp();
    await waitFor(() => expect(videoList(store).isError).toBe(true));
    expect(within(tutorial('Welcome')).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(document.querySelector('video')).toBeNull();
  });

  it("plays the operator's video above a tutorial's steps, and removes a player whose file cannot load", async () => {
    server.use(
      answer(tutorialVideos, () => ({
        success: true as const,
        videos: [{ id: 'customising-branding' as const, url: 'https://media.example.com/epcplus/customising-branding.mp4' }],
      })),
    );
    openHelp();
    const video = await within(tutorial('Customising branding')).findByLabelText('Video: Customising branding');
    expect(video).toHaveAttribute('src', 'https://media.example.com/epcplus/customising-branding.mp4');
    expect(video).toHaveAttribute('controls');
    expect(document.querySelectorAll('video')).toHaveLength(1);
    expect(within(tutorial('Customising branding')).getAllByRole('listitem').length).toBeGreaterThan(0);

    fireEvent.error(video);
    expect(document.querySelector('video')).toBeNull();
    expect(within(tutorial('Customising branding')).getByText(/type your company name/)).toBeInTheDocument();
  });
});
