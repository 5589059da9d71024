// React Router framework mode: server-rendered, built into build/client and build/server.
import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every route known from the start (a cached 2 KB file), not learnt from /__manifest for the links each page
  // shows: that answer re-rendered the whole app right after it hydrated, and asked the server twice per page view
  // (decision 063).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
