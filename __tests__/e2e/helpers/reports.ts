import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** Create Report from the menu, through the type, survey upload and council tax steps, to Branding. */
async function wizardToBranding(
  page: Page,
  opts: { type: 'Preliminary Report' | 'Premium Report'; xmlFile: string; ctaxAddress?: string },
) {
  await page.getByRole('link', { name: 'Create Report' }).click();
  await page.getByRole('radio', { name: opts.type }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Lodged EPC XML file').setInputFiles(opts.xmlFile);
  await page
    .getByText(/Uploaded/)
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Council Tax' }).waitFor();
  if (opts.ctaxAddress) await page.getByRole('button', { name: new RegExp(opts.ctaxAddress) }).click();
  else await page.getByRole('button', { name: 'Band C' }).click();
  await page.getByRole('heading', { name: 'Branding' }).waitFor();
}

/** Goes through the Create Report wizard for a Preliminary report and waits for the share screen. */
export async function createPreliminaryReport(
  page: Page,
  opts: { xmlFile: string; ctaxAddress?: string; branding?: string },
): Promise<string> {
  await wizardToBranding(page, { type: 'Preliminary Report', ...opts });
  const cards = page.locator('.branding-card');
  await (opts.branding ? cards.filter({ hasText: opts.branding }) : cards.first()).click();
  await page.getByRole('heading', { name: 'Your report is being created' }).waitFor();
  return page.getByLabel('Share link').inputValue();
}

/** Goes through the Create Report wizard for a Premium report up to its Payment step. */
export async function premiumReportToPayment(page: Page, opts: { xmlFile: string }): Promise<void> {
  await wizardToBranding(page, { type: 'Premium Report', ...opts });
  await page.locator('.branding-card').first().click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
}

/** Clicks a report's Ready! label and returns the PDF it opens in a new tab. */
export async function openReadyPdf(page: Page, context: BrowserContext): Promise<Buffer> {
  const ready = page.getByRole('button', { name: /^Ready!/ }).first();
  await ready.waitFor({ timeout: 20_000 });
  const [tab] = await Promise.all([context.waitForEvent('page'), ready.click()]);
  await tab.waitForURL(/\/api\/files\/reports\/\d+\.pdf/);
  const res = await context.request.get(tab.url());
  if (res.headers()['content-type'] !== 'application/pdf') throw new Error(`not a PDF: ${res.headers()['content-type']}`);
  const body = await res.body();
  await tab.close();
  return body;
}

/** The text a person reads in a PDF, through poppler's pdftotext. */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'epcplus-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
