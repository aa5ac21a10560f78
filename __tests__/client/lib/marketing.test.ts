import { marketingSite, marketingUrl } from '../../../src/client/lib/marketing';

describe('marketing site address', () => {
  afterEach(() => document.head.querySelectorAll('meta[name="marketing-url"]').forEach((m) => m.remove()));

  it('is what the server wrote into the page (MARKETING_URL), and none when it wrote nothing', () => {
    expect(marketingSite()).toBeNull();
    expect(marketingUrl('blog')).toBeNull();
    const meta = document.createElement('meta');
    meta.name = 'marketing-url';
    meta.content = 'https://www.epcplus.co.uk';
    document.head.append(meta);
    expect(marketingSite()).toBe('https://www.epcplus.co.uk');
    expect(marketingUrl('blog')).toBe('https://www.epcplus.co.uk/blog/');
    expect(marketingUrl('questionnaire')).toBe('https://www.epcplus.co.uk/questionnaire/');
  });
});
