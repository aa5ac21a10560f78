import { marketingOrigin, marketingUrl } from '../../../src/client/app/marketing';

describe('marketing site address', () => {
  it("replaces 'app' with 'www' in the app's host", () => {
    expect(marketingOrigin('https://app.epcplus.co.uk')).toBe('https://www.epcplus.co.uk');
    expect(marketingOrigin('https://app.staging.epcplus.co.uk')).toBe('https://www.staging.epcplus.co.uk');
    expect(marketingOrigin('http://app-test.epcplus.co.uk:8080')).toBe('http://www-test.epcplus.co.uk:8080');
  });

  it("keeps hosts that do not start a label with 'app'", () => {
    expect(marketingOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(marketingOrigin('https://happy.example.com')).toBe('https://happy.example.com');
  });

  it('builds page addresses on the marketing host', () => {
    expect(marketingUrl('blog', 'https://app.epcplus.co.uk')).toBe('https://www.epcplus.co.uk/blog/');
    expect(marketingUrl('privacyPolicy', 'https://app.epcplus.co.uk')).toBe('https://www.epcplus.co.uk/privacy-policy/');
  });
});
