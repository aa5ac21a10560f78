import { post, request } from '../../../src/client/lib/request';
import { getAccount, saveAccount } from '../../../src/shared/api/account';
import { reportsList } from '../../../src/shared/api/reports';
import { ACCESS_PATHS } from '../../../src/shared/api/paths';

describe('request builders', () => {
  it('builds a contract call: a POST always has a body, a GET none, the query goes as params', () => {
    expect(request(saveAccount, { name: 'Ann' })).toEqual({
      url: saveAccount.path,
      method: 'POST',
      body: { name: 'Ann' },
      params: undefined,
    });
    expect(request(getAccount)).toMatchObject({ url: getAccount.path, method: getAccount.method, params: undefined });
    expect(request(reportsList, undefined, { mode: 'premium' })).toMatchObject({ params: { mode: 'premium' } });
  });

  it('posts to a path from the paths module', () => {
    expect(post(ACCESS_PATHS.resetPassword, { code: 'x' }, { precheck: 'yes' })).toEqual({
      url: ACCESS_PATHS.resetPassword,
      method: 'POST',
      body: { code: 'x' },
      params: { precheck: 'yes' },
    });
  });
});
