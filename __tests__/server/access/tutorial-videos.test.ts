import * as access from '../../../src/shared/api/access';
import * as operations from '../../../src/shared/api/operations';
import { loadConfig } from '../../../src/server/platform/config/config';
import { describeEachDatabase } from '../helpers/databases';
import { loggedInUser } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';
import { ok } from '../helpers/answers';
import type { ApiResponse } from '../helpers/test-server';

const mediaSrc = (res: ApiResponse<unknown>) =>
  String(res.raw.headers['content-security-policy'])
    .split(';')
    .find((d) => d.startsWith('media-src'));

describeEachDatabase('tutorial videos without TUTORIAL_VIDEO_BASE_URL', (dialect) => {
  const server = useTestServer(dialect);

  it('lists no video, so the Help page shows no player', async () => {
    const { cookie } = await loggedInUser(server());
    expect(ok(await server().call(access.tutorialVideos, undefined, { cookie }))).toEqual({ success: true, videos: [] });
  });

  it('allows media from this server only', async () => {
    const res = await server().call(operations.health);
    expect(mediaSrc(res)).toBe("media-src 'self'");
  });

  it('answers only a logged-in user', async () => {
    expect((await server().call(access.tutorialVideos)).status).toBe(401);
  });
});

describeEachDatabase('tutorial videos an operator put online', (dialect) => {
  const server = useTestServer(dialect, { env: { TUTORIAL_VIDEO_BASE_URL: 'https://media.example.com/epcplus' } });

  it('lists each tutorial at its known file name under the configured address', async () => {
    const { cookie } = await loggedInUser(server());
    const { videos } = ok(await server().call(access.tutorialVideos, undefined, { cookie }));
    expect(videos).toEqual(access.TUTORIAL_IDS.map((id) => ({ id, url: `https://media.example.com/epcplus/${id}.mp4` })));
  });

  it("lets pages play media from that address's origin and no other", async () => {
    const res = await server().call(operations.health);
    expect(mediaSrc(res)).toBe("media-src 'self' https://media.example.com");
  });
});

describe('TUTORIAL_VIDEO_BASE_URL', () => {
  const base = { SESSION_SECRET: 'x', DATA_DIR: '/tmp/unused' };

  it('takes a path on this server as a folder', () => {
    expect(loadConfig({ ...base, TUTORIAL_VIDEO_BASE_URL: '/tutorial-videos' }).tutorialVideoBase).toBe('/tutorial-videos/');
  });

  it.each(['ftp://media.example.com/', 'javascript:alert(1)', '//media.example.com/', 'https://media.example.com/v/?sig=1'])(
    'refuses %s at start-up',
    (value) => {
      expect(() => loadConfig({ ...base, TUTORIAL_VIDEO_BASE_URL: value })).toThrow(/TUTORIAL_VIDEO_BASE_URL/);
    },
  );
});
