// The browser tests' `test`: Playwright's, with fixtures that sign in and that make data through the API for one
// test and delete it when the test ends, passed or failed. Each test arranges its own data: it passes alone, in any
// order, and twice in a row on the same server.
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';
import { episodeServerId, episodeSource } from '#tests/episode-defaults.ts';
import { ADMIN } from './admin-account.ts';
import { fillSignInForm, makeTestHls, uniqueStamp, uploadReadyVideo } from './helpers.ts';

export { ADMIN, expect };

/** Someone who can sign in. */
export type Account = { email: string; password: string };
export type NewUser = Account & { id: string; name: string };
export type Movie = { id: number; slug: string; title: string } & Record<string, unknown>;
export type Server = { id: number; name: string };
export type Episode = { id: number; ep: string; name: string; server_id: number } & Record<
  string,
  unknown
>;
export type Term = { id: number; name: string; slug: string };

/** The password of the users `insertNewUser` makes, unless told otherwise. */
export const PASSWORD = 'quiet-river-2026';

// Real Vietnamese titles, so that slugs and the search's folding of diacritics get exercised by every movie.
const TITLES = ['Mắt Biếc', 'Bố Già', 'Hai Phượng', 'Lật Mặt', 'Cô Ba Sài Gòn', 'Nhà Bà Nữ'];
const pick = (items: string[]) => items[Math.floor(Math.random() * items.length)]!;

/** Fails with the body: a set-up request that went wrong says why. */
async function expectStatus(response: APIResponse, ok: number[]) {
  expect(ok, `${response.url()}: ${await response.text()}`).toContain(response.status());
}

type Fixtures = {
  /** The admin API in token mode (no cookie, no CSRF header), signed in for this test and signed out after it. */
  adminApi: APIRequestContext;
  /**
   * Signs `account` in through a sign-in form and waits until the page lands on `to`: the back office's form for a
   * `/vnwa` page, the site's for any other.
   */
  signIn: (page: Page, account: Account, to?: string) => Promise<void>;
  /** The test's page, signed in to the back office as the admin, on the movie list. */
  asAdmin: Page;
  /** A viewer registered through the API in token mode (one device: "set-up"), deleted after the test. */
  insertNewUser: (overrides?: {
    name?: string;
    email?: string;
    password?: string;
  }) => Promise<NewUser>;
  /** A movie through the admin API (a Vietnamese title with a stamp, unless given), deleted after the test. */
  createMovie: (overrides?: Record<string, unknown>) => Promise<Movie>;
  /** A server of the movie ("Vietsub #1" unless named); it goes with its movie. */
  createServer: (movie: { id: number }, overrides?: { name?: string }) => Promise<Server>;
  /**
   * An episode of the movie, on the server given as `server_id` or else on the movie's first one (made when it has
   * none). An HLS address unless told otherwise; it goes with its movie.
   */
  createEpisode: (movie: { id: number }, overrides?: Record<string, unknown>) => Promise<Episode>;
  /** A genre, type or nation, deleted (and taken off its movies) after the test. */
  createTerm: (
    kind: 'genre' | 'type' | 'nation',
    overrides?: Record<string, unknown>,
  ) => Promise<Term>;
  /**
   * A 6 s 854×480 clip uploaded over tus and transcoded by the server for real, named `name`; moved to the trash and
   * deleted for good after the test.
   */
  createVideo: (name: string) => Promise<{ id: number; name: string }>;
};

type WorkerFixtures = {
  /**
   * The ~12 s test ladder (640×360 and 320×180, fMP4 HLS), made once by ffmpeg into the server's storage: its path
   * on the site.
   */
  testLadder: string;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  testLadder: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies here: this one has none.
    async ({}, provide) => {
      makeTestHls(path.join(process.env.PHIM_E2E_DATA_DIR!, 'storage', 'test-hls', 'ladder'));
      await provide('/storage/test-hls/ladder/master.m3u8');
    },
    // ffmpeg on a busy machine: its own time, not the first test's.
    { scope: 'worker', timeout: 120_000 },
  ],

  adminApi: async ({ playwright, baseURL }, provide) => {
    const login = await playwright.request.newContext({ baseURL });
    const response = await login.post('/api/auth/login', {
      data: { ...ADMIN, device_name: 'e2e set-up' },
    });
    await expectStatus(response, [200]);
    const { token } = (await response.json()) as { token: string };
    await login.dispose();
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${token}` },
    });
    await provide(api);
    // Its device would otherwise pile up in the admin's list, one per test.
    await expectStatus(await api.post('/api/logout'), [200]);
    await api.dispose();
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies here: this one has none.
  signIn: async ({}, provide) => {
    await provide(async (page, account, to = '/') => {
      const form = to.startsWith('/vnwa') ? '/vnwa/login' : '/auth/login';
      await fillSignInForm(
        page,
        account,
        to === '/' ? form : `${form}?redirect=${encodeURIComponent(to)}`,
      );
      await expect(page).toHaveURL(to);
    });
  },

  asAdmin: async ({ page, signIn }, provide) => {
    await signIn(page, ADMIN, '/vnwa/movie/film/list');
    await provide(page);
  },

  insertNewUser: async ({ playwright, baseURL, adminApi }, provide) => {
    const api = await playwright.request.newContext({ baseURL });
    const made: string[] = [];
    await provide(async (overrides = {}) => {
      const stamp = uniqueStamp();
      const user = {
        name: overrides.name ?? `Nguyễn Thị Lan ${stamp}`,
        email: overrides.email ?? `viewer-${stamp}@example.com`,
        password: overrides.password ?? PASSWORD,
      };
      const response = await api.post('/api/auth/register', {
        data: {
          ...user,
          password_confirmation: user.password,
          locale: 'en',
          device_name: 'set-up',
        },
      });
      await expectStatus(response, [201]);
      const { id } = ((await response.json()) as { user: { id: string } }).user;
      made.push(id);
      return { id, ...user };
    });
    // A test may have deleted its user itself.
    for (const id of made)
      await expectStatus(await adminApi.delete(`/api/admin/users/${id}`), [200, 404]);
    await api.dispose();
  },

  createMovie: async ({ adminApi }, provide) => {
    const made: number[] = [];
    await provide(async (overrides = {}) => {
      const response = await adminApi.post('/api/admin/movies', {
        data: { title: `${pick(TITLES)} ${uniqueStamp()}`, ...overrides },
      });
      await expectStatus(response, [201]);
      const { movie } = (await response.json()) as { movie: Movie };
      made.push(movie.id);
      return movie;
    });
    // To the trash (a test may have put it there already: 404), then for good; its servers, episodes, subtitles and
    // reports go with it.
    for (const id of made) {
      await expectStatus(await adminApi.delete(`/api/admin/movies/${id}`), [200, 404]);
      await expectStatus(await adminApi.delete(`/api/admin/movies/trash/${id}`), [200, 404]);
    }
  },

  createServer: async ({ adminApi }, provide) => {
    await provide(async (movie, overrides = {}) => {
      const response = await adminApi.post(`/api/admin/movies/${movie.id}/servers`, {
        data: { name: 'Vietsub #1', ...overrides },
      });
      await expectStatus(response, [201]);
      return ((await response.json()) as { server: Server }).server;
    });
  },

  createEpisode: async ({ adminApi, createServer }, provide) => {
    await provide(async (movie, overrides = {}) => {
      const serverId = await episodeServerId(
        overrides,
        async () => {
          const overview = await adminApi.get(`/api/admin/movies/${movie.id}/episodes`);
          await expectStatus(overview, [200]);
          return ((await overview.json()) as { servers: Server[] }).servers[0];
        },
        () => createServer(movie),
      );
      const stamp = uniqueStamp();
      const response = await adminApi.post(`/api/admin/movies/${movie.id}/episodes`, {
        data: {
          name: `Tập ${stamp}`,
          ...episodeSource(overrides, stamp),
          ...overrides,
          server_id: serverId,
        },
      });
      await expectStatus(response, [201]);
      return ((await response.json()) as { episode: Episode }).episode;
    });
  },

  createTerm: async ({ adminApi }, provide) => {
    const made: Array<{ kind: string; id: number }> = [];
    await provide(async (kind, overrides = {}) => {
      const response = await adminApi.post(`/api/admin/terms/${kind}`, {
        data: { name: `Thể Loại ${uniqueStamp()}`, ...overrides },
      });
      await expectStatus(response, [201]);
      const { term } = (await response.json()) as { term: Term };
      made.push({ kind, id: term.id });
      return term;
    });
    for (const { kind, id } of made)
      await expectStatus(
        await adminApi.delete(`/api/admin/terms/${kind}/${id}?detach=true`),
        [200, 404],
      );
  },

  createVideo: async ({ adminApi }, provide) => {
    const made: number[] = [];
    await provide(async (name) => {
      const id = await uploadReadyVideo(adminApi, `clip-${uniqueStamp()}`, name);
      made.push(id);
      return { id, name };
    });
    // To the trash first (a test may have put it there already: 404), even while episodes play it; then for good.
    for (const id of made) {
      await expectStatus(await adminApi.delete(`/api/admin/videos/${id}?force=1`), [200, 404]);
      await expectStatus(await adminApi.delete(`/api/admin/videos/trash/${id}`), [200, 404]);
    }
  },
});
