import { ownerReceipt, refundNotice } from '../../../../src/server/payments/emails';
import { premiumReadyEmail } from '../../../../src/server/premium/emails';
import { quoteRequestCopy } from '../../../../src/server/contractors/quote-requests';
import { brandedEmail, type EmailBranding } from '../../../../src/server/platform/email/branded-email';
import { contrast, INK, inkOf } from '../../../../src/shared/colour';
import type { PurchaseRow } from '../../../../src/server/payments/repos/purchases';
import type { Measure } from '../../../../src/shared/api/premium';

const BRANDING: EmailBranding = {
  companyName: 'Hargreaves Energy Ltd',
  colour: '#0b6e4f',
  logoUrl: 'https://epc.example.com/api/files/logos/abc.png?exp=1&sig=x',
  assessorName: 'Jane Hargreaves',
  phone: '01632 960 123',
  email: 'jane@hargreaves.example.com',
};

const PURCHASE = {
  id: 7,
  report_id: 12,
  premium_report_id: null,
  assessor_id: 3,
  buyer: 'owner',
  method: 'card',
  status: 'paid',
  price_id: 1,
  amount_pence: 9900,
  currency: 'gbp',
  full_price_pence: 14900,
  discount_pence: 5000,
  discount_code: 'SPRING',
  referral_pence: 2500,
  payment_intent_id: 'pi_123',
  owner_session_hash: null,
  email: 'owner@example.com',
  company: '',
  priority: 'getToC',
  failure_message: '',
  created_at: Date.UTC(2026, 2, 3, 13, 0),
  paid_at: Date.UTC(2026, 2, 3, 14, 5),
  refunded_at: null,
} as PurchaseRow;

const MEASURE = { code: 'A', name: 'Loft insulation' } as Measure;
const CONTRACTOR = {
  key: 'warm',
  name: 'Warm Lofts Ltd',
  url: '',
  address: '',
  email: 'quotes@warm.example.com',
  tel: '01632 960 999',
  image: '',
  image_mime: '',
};

/** Every owner email, built as the server builds it, from fixed inputs. */
const OWNER_EMAILS = {
  receipt: () =>
    ownerReceipt({
      purchase: PURCHASE,
      reportName: '12 High Street, AB1 2CD',
      paymentIntentId: 'pi_123',
      paidAt: PURCHASE.paid_at!,
      branding: BRANDING,
      reportUrl: 'https://epc.example.com/s/12/abcdefghijklmnop',
    }),
  refund: () =>
    refundNotice({
      purchase: PURCHASE,
      reportName: '12 High Street, AB1 2CD',
      reason: 'A Premium Report had already been bought for this property.',
      branding: BRANDING,
    }),
  premiumReady: () =>
    premiumReadyEmail({
      to: 'owner@example.com',
      reportName: '12 High Street, AB1 2CD',
      url: 'https://epc.example.com/s/premium/13/qrstuvwxyzabcdef',
      branding: BRANDING,
    }),
  quoteRequestCopy: () =>
    quoteRequestCopy({
      contractors: [CONTRACTOR],
      measure: MEASURE,
      shortTitle: '12 High Street, AB1 2CD',
      body: {
        report_path: '12/abcdefghijklmnop',
        measure_code: 'A',
        selected_contractors: ['warm'],
        email: 'owner@example.com',
        name: 'Sam Owner',
        phone: '',
        newsletter: false,
        report_mode: 'preliminary',
      },
      link: 'https://epc.example.com/s/12/abcdefghijklmnop',
      quotesUrl: 'https://epc.example.com/s/12/abcdefghijklmnop/c',
      branding: BRANDING,
    }),
};

describe.each(Object.entries(OWNER_EMAILS))("the owner's %s email", (_name, build) => {
  it('is HTML and text in the same words, in the assessor’s logo, colour, name and contact', async () => {
    const mail = await build();
    expect(mail.html).toContain(`src="${BRANDING.logoUrl!.replace(/&/g, '&#38;')}"`);
    expect(mail.html).toContain('alt="Hargreaves Energy Ltd"');
    expect(mail.html).toContain('#0b6e4f');
    for (const part of [mail.html!, mail.text]) {
      expect(part).toContain('Jane Hargreaves');
      expect(part).toContain('01632 960 123');
      expect(part).toContain('jane@hargreaves.example.com');
    }
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.html).toMatchSnapshot('html');
    expect(mail.text).toMatchSnapshot('text');
  });
});

describe('the receipt', () => {
  it('gives amount with pence, date, what was bought, seller, VAT and where to get help', async () => {
    const { text, subject } = await OWNER_EMAILS.receipt();
    expect(subject).toBe('Receipt for your Premium Report from Hargreaves Energy Ltd');
    expect(text).toContain('Amount paid: £99.00 (reduced from £149.00 with SPRING voucher code)');
    expect(text).toContain('Paid on: 3 March 2026 at 14:05');
    expect(text).toContain('What you bought: A Premium Report for 12 High Street, AB1 2CD');
    expect(text).toContain('Sold by: EPCplus');
    expect(text).toContain('Prepared by: Jane Hargreaves, Hargreaves Energy Ltd');
    expect(text).toMatch(/VAT: The amount is the total you paid, including any VAT due/);
    expect(text).toContain('Questions about this payment: support@epcplus.co.uk');
    expect(text).toContain('Back to your report: https://epc.example.com/s/12/abcdefghijklmnop');
  });
});

describe('a branded email', () => {
  it('escapes whatever users typed, in text and addresses, and drops addresses that are not web ones', async () => {
    const mail = await brandedEmail({
      to: 'owner@example.com',
      subject: 'Line one\r\nBcc: someone@example.com',
      preview: 'p',
      branding: { ...BRANDING, companyName: '<script>alert(1)</script> & "Co"', logoUrl: 'javascript:alert(1)' },
      blocks: [
        { kind: 'paragraph', text: '<img src=x onerror=alert(1)>' },
        { kind: 'button', label: 'Go', url: 'javascript:alert(1)' },
        { kind: 'links', links: [{ label: 'Home', url: 'https://epc.example.com/"><b>' }] },
      ],
    });
    expect(mail.subject).toBe('Line one Bcc: someone@example.com');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Co&#34;');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).not.toContain('javascript:');
  });

  it('heads the email with the company name in its colour when there is no logo, in a text colour that reads on it', async () => {
    const { logoUrl: _none, ...noLogo } = BRANDING;
    const mail = await brandedEmail({
      to: 'o@example.com',
      subject: 's',
      preview: 'p',
      branding: { ...noLogo, colour: '#ffee00' },
      blocks: [],
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toMatch(/background(?:-color)?:#ffee00/);
    expect(mail.text.split('\n')[0]).toBe('Hargreaves Energy Ltd');
    // Dark ink on a yellow brand: the rule the PDFs use, so the two never disagree.
    expect(mail.html).toContain(`color:${INK}`);
    expect(contrast('#ffee00', INK)).toBeGreaterThan(contrast('#ffee00', '#ffffff'));
    const withLink = await brandedEmail({
      to: 'o@example.com',
      subject: 's',
      preview: 'p',
      branding: { ...noLogo, colour: '#ffee00' },
      blocks: [{ kind: 'links', links: [{ label: 'Your report', url: 'https://epc.example.com/s/1' }] }],
    });
    // A pale brand still fills the header; links on white take it darkened until they read (WCAG AA).
    expect(withLink.html).toContain(`style="color:${inkOf('#ffee00')}"`);
    expect(contrast(inkOf('#ffee00'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Not a colour: the product's own.
    expect(
      (await brandedEmail({ to: 'o@example.com', subject: 's', preview: 'p', branding: { ...noLogo, colour: 'red;x' }, blocks: [] })).html,
    ).toContain('#2360b1');
  });
});
