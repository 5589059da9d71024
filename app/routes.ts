// The route table of spec section 2: every screen it names, each with its own module.
import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

const go = (path: string, id: string) => route(path, 'routes/redirect.tsx', { id });

export default [
  // Redirects come first and outside the guarded layouts: they reveal nothing.
  go('vnwa', 'vnwa-index'),
  go('vnwa/dashboard', 'vnwa-dashboard'),
  go('vnwa/movie', 'vnwa-movie'),
  go('vnwa/movie/film', 'vnwa-movie-film'),
  go('vnwa/vmedia/video-manager', 'vnwa-video-manager'),
  go('vnwa/account', 'vnwa-account'),
  go('account', 'account-index'),

  route('vnwa/login', 'routes/vnwa/login.tsx'),
  layout('layouts/vnwa.tsx', [
    ...prefix('vnwa', [
      route('Link', 'routes/vnwa/link.tsx', { id: 'vnwa-link' }),
      route('overview', 'routes/vnwa/overview.tsx'),
      route('users', 'routes/vnwa/users/route.tsx', { id: 'routes/vnwa/users' }),
      route('movie/genre', 'routes/vnwa/terms.tsx', { id: 'vnwa-genre' }),
      route('movie/types', 'routes/vnwa/terms.tsx', { id: 'vnwa-types' }),
      route('movie/nation', 'routes/vnwa/terms.tsx', { id: 'vnwa-nation' }),
      route('movie/reports', 'routes/vnwa/reports/route.tsx', { id: 'routes/vnwa/reports' }),
      route('movie/film/list', 'routes/vnwa/movies/route.tsx', { id: 'routes/vnwa/movies' }),
      route('movie/film/trash', 'routes/vnwa/movies/trash.tsx'),
      route('movie/film/:episodes', 'routes/vnwa/episodes/route.tsx', {
        id: 'routes/vnwa/episodes',
      }),
      route('setting/backup', 'routes/vnwa/backups.tsx'),
      route('setting/web-info', 'routes/vnwa/web-info.tsx', { id: 'vnwa-web-info' }),
      route('setting/site-assets', 'routes/vnwa/site-assets.tsx', { id: 'vnwa-site-assets' }),
      route('setting/audit-log', 'routes/vnwa/audit/route.tsx', { id: 'routes/vnwa/audit' }),
      route('appearance/home-page', 'routes/vnwa/home-page.tsx', { id: 'vnwa-home-page' }),
      route('appearance/movies-page', 'routes/vnwa/movies-page.tsx', { id: 'vnwa-movies-page' }),
      route('vmedia/local-files', 'routes/vnwa/local-files.tsx', { id: 'vnwa-local-files' }),
      route('vmedia/video-manager/list', 'routes/vnwa/videos.tsx'),
      route('vmedia/video-manager/trash', 'routes/vnwa/videos-trash.tsx'),
      route('account/general', 'routes/vnwa/account/general.tsx'),
      route('account/devices', 'routes/vnwa/account/devices.tsx'),
    ]),
  ]),

  layout('layouts/brand.tsx', [
    ...prefix('auth', [
      route('login', 'routes/auth/login.tsx'),
      route('forgot', 'routes/auth/forgot.tsx'),
      route('register', 'routes/auth/register.tsx'),
      route('verify', 'routes/auth/verify.tsx'),
      route('reset/:token', 'routes/auth/reset.tsx'),
      route('unverified', 'routes/auth/unverified.tsx'),
    ]),
  ]),

  layout('layouts/default.tsx', [
    index('routes/home.tsx'),
    route('movies', 'routes/movies.tsx'),
    route('watch/:slug', 'routes/watch/movie.tsx'),
    route('watch/:slug/:ep', 'routes/watch/episode.tsx'),
    layout('layouts/account.tsx', [
      ...prefix('account', [
        route('general', 'routes/account/general.tsx'),
        route('devices', 'routes/account/devices.tsx'),
        route('follow-movies', 'routes/account/follow-movies.tsx'),
      ]),
    ]),
    route('user/profile', 'routes/user/profile.tsx'),
    route('user/histories', 'routes/user/histories.tsx'),
    route('user/notifications', 'routes/user/notifications.tsx'),
    route(':slug', 'routes/slug.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
