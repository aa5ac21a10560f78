import type { Browser, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './helpers/app-server';
import { launchBrowser, newPage, PHONE, step } from './helpers/browser';
import { confirmedAssessor, logIn } from './helpers/accounts';

const TUTORIALS = ['Welcome', 'Types of report', 'Creating a Preliminary Report', 'Creating a Premium Report', 'Customising branding'];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** Every image and media address the page refers to, as absolute URLs. */
function mediaAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const urls = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('img[src], video[src], video[poster], audio[src], source[src], track[src]'))) {
      for (const attr of ['src', 'poster']) {
        const value = el.getAttribute(attr);
        if (value) urls.add(new URL(value, document.baseURI).href);
      }
    }
    return [...urls];
  });
}

/** Each address fetched as the browser would (its cookies), answering 200 with an image or media type. */
async function expectAllServed(page: Page, urls: string[]): Promise<void> {
  const answers = await Promise.all(
    urls.map(async (url) => {
      const res = await page.request.get(url);
      return { url, status: res.status(), type: res.headers()['content-type'] ?? '' };
    }),
  );
  expect(answers.filter((a) => a.status !== 200 || !/^(image|video|audio)\//.test(a.type))).toEqual([]);
}

describe('Help and About', () => {
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  test('Help shows the five tutorials with screenshots the server serves, About explains the report types, and neither has a player', async () => {
    const account = await confirmedAssessor(app);
    const { page, context } = await newPage(browser);
    await logIn(page, app, account);

    await step(page, 'help-page', async () => {
      await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Help' }).click();
      await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
      // The five tutorials, then how an uploaded survey is checked.
      await expect(page.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual([...TUTORIALS, 'How we check a survey']);
      const urls = await mediaAddresses(page);
      expect(urls.length).toBeGreaterThanOrEqual(15);
      await expectAllServed(page, urls);
      // Every screenshot has words for someone who cannot see it, and really draws once scrolled to.
      for (const img of await page.locator('main img, .help-page img').all()) {
        expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(10);
        await img.scrollIntoViewIfNeeded();
        await expect(img.evaluate((el: HTMLImageElement) => el.decode().then(() => el.naturalWidth))).resolves.toBeGreaterThan(300);
      }
      await expect(page.locator('video').count()).resolves.toBe(0);
    });

    await step(page, 'about-page', async () => {
      await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'About' }).click();
      await page.getByRole('heading', { level: 1, name: 'About EPCplus' }).waitFor();
      await page
        .getByRole('article', { name: 'Premium Report' })
        .getByText(/delivered within 3 working days/)
        .waitFor();
      await page.getByRole('article', { name: 'Preliminary Report (EPC+)' }).getByText('Free', { exact: true }).waitFor();
      await expectAllServed(page, await mediaAddresses(page));
      await expect(page.locator('video').count()).resolves.toBe(0);
    });
    await context.close();
  });

  test('on a phone the tutorials fit the screen', async () => {
    const account = await confirmedAssessor(app);
    const { page, context } = await newPage(browser, PHONE);
    await logIn(page, app, account);
    await step(page, 'help-phone', async () => {
      await page.goto(`${app.url}/help`);
      await page.getByRole('heading', { level: 2, name: 'Customising branding' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
    await context.close();
  });
});

describe('a configured tutorial video that is not there', () => {
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer({ TUTORIAL_VIDEO_BASE_URL: '/tutorial-videos/' });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  test('leaves no player behind, only the steps', async () => {
    const account = await confirmedAssessor(app);
    const { page, context } = await newPage(browser);
    await logIn(page, app, account);
    await step(page, 'missing-video', async () => {
      // A player was put up and asked for its file: the page did not simply leave players out.
      const asked = page.waitForRequest((req) => req.url() === `${app.url}/tutorial-videos/welcome.mp4`);
      await page.goto(`${app.url}/help`);
      await page.getByRole('heading', { level: 2, name: 'Welcome' }).waitFor();
      await asked;
      // Each player asks for its file's metadata at once and goes when the file is missing.
      await page.waitForFunction(() => document.querySelectorAll('video').length === 0);
      await page.getByText(/Upload the lodged EPC XML file/).waitFor();
    });
    await context.close();
  });
});
