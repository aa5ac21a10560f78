import { newPage, PHONE, step } from './helpers/browser';
import { useJourney } from './helpers/journey';

const journey = useJourney();

const EMAIL = 'lost.email@example.co.uk';
const PASSWORD = 'first-pass1';
const CONFIRM_LINK = /https?:\/\/\S+\/confirm\/\S+/;

async function signUpThroughApi(): Promise<void> {
  const res = await fetch(`${journey.app.url}/api/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: journey.app.url },
    body: JSON.stringify({
      inviteCode: journey.app.cli('invite', 'create').trim(),
      email: EMAIL,
      name: 'Lou Lost',
      role: 'surveyor',
      scheme: 'stroma',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      termsAgree: true,
    }),
  });
  expect(res.status).toBe(200);
}

const confirmLinks = async (count: number) =>
  (await journey.app.waitForOutbox((mails) => mails.filter((m) => m.to === EMAIL).length >= count))
    .filter((m) => m.to === EMAIL)
    .map((m) => m.text.match(CONFIRM_LINK)?.[0] ?? '');

test('an assessor who lost the confirmation email asks for it again on a phone; the old link then says it is not valid, the new one used twice says confirmed', async () => {
  await signUpThroughApi();
  const [firstLink] = await confirmLinks(1);
  const { page, context } = await newPage(journey.browser, PHONE);

  await step(page, 'empty-login', async () => {
    await page.goto(journey.app.url);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Enter your email address').waitFor();
    await page.getByText('Enter your password').waitFor();
  });

  await step(page, 'resend', async () => {
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(/Please confirm your email address first/).waitFor();
    await page.getByRole('button', { name: 'Send the confirmation email again' }).click();
    await page.getByText(/we have sent it a new confirmation email/).waitFor();
  });

  const links = await confirmLinks(2);
  const newLink = links[1];
  expect(newLink).not.toBe(firstLink);

  await step(page, 'old-link', async () => {
    await page.goto(firstLink);
    await page
      .getByText('This confirmation link has already been used or is not valid. Log in, or ask for a new confirmation email.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  await step(page, 'new-link', async () => {
    await page.goto(newLink);
    await page.getByText('Thank you for registering with EPCplus! Please login below to begin').waitFor();
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(EMAIL);
    await page.goto(newLink);
    await page.getByText('Your email address is already confirmed. Log in below.').waitFor();
  });

  await step(page, 'log-in', async () => {
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${journey.app.url}/home`);
  });
  await context.close();
});

test('a spent password reset link lands on login saying so, with the way to a new one', async () => {
  const { page, context } = await newPage(journey.browser);
  await step(page, 'spent-reset', async () => {
    await page.goto(`${journey.app.url}/resetpassword/${encodeURIComponent(EMAIL)}/not-a-live-code`);
    await page.getByText('This password reset link has expired or has already been used.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Ask for a new one' }).click();
    await page.waitForURL(`${journey.app.url}/forgotpassword`);
  });
  await context.close();
});
