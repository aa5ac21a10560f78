import { PREMIUM_DELIVERY, PRODUCT_NAME } from '../../../shared/constants';
import type { TutorialId } from '../../../shared/api/access';

interface TutorialStep {
  text: string;
  /** A screenshot of the real product at this step, made by `npm run tutorials` (public/tutorials/). */
  screenshot?: { src: string; alt: string };
}

export interface Tutorial {
  id: TutorialId;
  title: string;
  summary: string;
  steps: TutorialStep[];
}

/** Screenshot n (from 1) of a tutorial, as the capture script names it. */
export const screenshotPath = (id: TutorialId, n: number) => `/tutorials/${id}-${n}.png`;

const shot = (id: TutorialId, n: number, alt: string) => ({ src: screenshotPath(id, n), alt });

/**
 * The five tutorials of the Help page, in the spec's order. Each step's screenshot is taken from
 * the product itself by tools/tutorials.ts, which captures exactly the steps that name one here.
 */
export const TUTORIALS: readonly Tutorial[] = [
  {
    id: 'welcome',
    title: 'Welcome',
    summary: `What ${PRODUCT_NAME} does for you and how to find your way around.`,
    steps: [
      {
        text: 'Log in with your email address and password. If you have forgotten your password, choose "Forgot password?" and we will email you a link to choose a new one.',
        screenshot: shot('welcome', 1, 'The login page: the Email and Password fields, the Login button and the Forgot password link.'),
      },
      {
        text: 'Getting Started shows what you earn: the referral fee when a customer upgrades to a Premium Report, the trade price you pay for one and the price we suggest you sell it for.',
        screenshot: shot('welcome', 2, 'Getting Started, with the referral fee, the trade price and the recommended sell price.'),
      },
      {
        text: 'The menu reaches everything else: Create Report, Report List, Deleted Reports, My Earnings, Premium Reports, Branding and My Account. On a phone it opens from the menu button.',
        screenshot: shot('welcome', 3, 'The Report List with one report marked Ready!, and the menu on the left.'),
      },
    ],
  },
  {
    id: 'types-of-report',
    title: 'Types of report',
    summary: 'The free Preliminary Report and the paid Premium Report, and when to use each.',
    steps: [
      {
        text: 'Create Report begins by asking which type you want, with a table comparing the two and a sample of each.',
        screenshot: shot(
          'types-of-report',
          1,
          'The first step of Create Report: the table comparing the Preliminary and the Premium Report.',
        ),
      },
      {
        text: 'A Preliminary Report is free and ready as soon as you pick a branding. Your customer opens its link to download it, buy the Premium Report (you earn the referral fee), book a visit or ask recommended contractors for quotes.',
        screenshot: shot('types-of-report', 2, 'The page your customer sees when they open the link to their free report.'),
      },
      {
        text: `A Premium Report is bought by card or with a free premium credit. It waits in Pending while you finalise its improvement plans and remarks, and is delivered ${PREMIUM_DELIVERY}.`,
      },
    ],
  },
  {
    id: 'creating-a-preliminary-report',
    title: 'Creating a Preliminary Report',
    summary: 'From the XML files of your survey to a report your customer can open, in four steps.',
    steps: [
      {
        text: 'In Create Report choose Preliminary Report and press Next.',
        screenshot: shot('creating-a-preliminary-report', 1, 'Create Report with Preliminary Report chosen.'),
      },
      {
        text: 'Upload the lodged EPC XML file (the LIG file) of the survey. Elmhurst assessors also upload the RdSAP XML file. Each file is checked as soon as it arrives.',
        screenshot: shot('creating-a-preliminary-report', 2, 'The survey file uploaded and marked Uploaded.'),
      },
      {
        text: "Pick the property's address to add its council tax band, or choose the band yourself when the address is not listed.",
        screenshot: shot('creating-a-preliminary-report', 3, "The Council Tax step listing the addresses in the property's postcode."),
      },
      {
        text: 'Pick the branding the report should carry. The report is created at once, and you get its link to copy or email to your customer.',
        screenshot: shot('creating-a-preliminary-report', 4, 'The report being created, with its share link and a Copy button.'),
      },
      {
        text: 'The report appears in the Report List and turns Ready! within moments. Press Ready! to open the PDF.',
        screenshot: shot('creating-a-preliminary-report', 5, 'The Report List with the new report marked Ready!.'),
      },
    ],
  },
  {
    id: 'creating-a-premium-report',
    title: 'Creating a Premium Report',
    summary: 'Buying a Premium Report for your customer and finalising it.',
    steps: [
      {
        text: 'In Create Report choose Premium Report and press Next.',
        screenshot: shot('creating-a-premium-report', 1, 'Create Report with Premium Report chosen, showing its trade price.'),
      },
      {
        text: 'Upload the survey files, add the council tax band and pick the branding, as for a Preliminary Report.',
        screenshot: shot('creating-a-premium-report', 2, 'The Branding step of a Premium Report.'),
      },
      {
        text: 'Pay with one of your free premium credits if you have any, or by card at the trade price.',
        screenshot: shot('creating-a-premium-report', 3, 'The Payment step offering a free premium credit.'),
      },
      {
        text: `Once paid, the report waits in Pending. Choose Edit Premium Report to finalise its improvement plans and your remarks; it is delivered ${PREMIUM_DELIVERY} and then listed in Premium Reports.`,
        screenshot: shot('creating-a-premium-report', 4, 'The purchase confirmed, with the Edit Premium Report button.'),
      },
    ],
  },
  {
    id: 'customising-branding',
    title: 'Customising branding',
    summary: 'Your company name, colour and logo on every report, and the email you send with its link.',
    steps: [
      {
        text: 'Branding lists your brandings. Every report carries one: its company name, colour and logo.',
        screenshot: shot('customising-branding', 1, 'The Branding page listing the brandings.'),
      },
      {
        text: 'Create a new branding: type your company name, choose its colour and upload your logo (jpg, png, gif, bmp or svg, 1MB or smaller), then Save.',
        screenshot: shot('customising-branding', 2, 'A new branding with its company name, colour and uploaded logo.'),
      },
      {
        text: "The new branding is offered whenever you create a report. Below the list, write the email you send your customers, with (LINK) where the report's link goes.",
        screenshot: shot('customising-branding', 3, 'The Branding page listing the new branding, above the email template.'),
      },
    ],
  },
];
