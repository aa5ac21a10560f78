import type { TestServer } from './test-server';

/**
 * A home from the register in a portfolio: a certificate as the register import keeps it, in
 * Cardiff, rated 55 (D) with recommendations reaching 72 (C).
 */
export async function addCertificateHome(server: TestServer, userId: number, portfolioId: number, address = '12 Quay Street') {
  const postcode = 'CF10 1AA';
  const { id } = await server.db
    .insertInto('register_certificates')
    .values({
      user_id: userId,
      lmk_key: `lmk-${portfolioId}`,
      address,
      postcode,
      // As the import keys an address: lower case, anything but letters and digits a space.
      address_key: `${address} ${postcode}`
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim(),
      country: 'WLS',
      current_rating: 55,
      potential_rating: 72,
      tenure: 'rental (private)',
      lodgement_date: '2022-03-01',
      recommendations: JSON.stringify([
        { number: '5', text: 'Cavity wall insulation', indicativeCost: '£500 - £1,500' },
        { number: null, text: 'Replace boiler with new condensing boiler', indicativeCost: '£2,200 - £3,000' },
      ]),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('portfolio_homes')
    .values({ portfolio_id: portfolioId, report_id: null, certificate_id: id, added_at: Date.now() })
    .execute();
}
