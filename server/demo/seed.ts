// Demo content for `npm run demo`, written through the same services the app uses; running it twice adds nothing.
import type { FastifyInstance } from 'fastify';

export const DEMO_VIEWER = { email: 'viewer@phim.local', name: 'Khán giả Demo' };

export async function seedDemo(app: FastifyInstance): Promise<{ viewerPassword?: string }> {
  const { auth } = app.services;
  const existing = await auth.findUserByEmail(DEMO_VIEWER.email);
  if (existing) return {};
  const password = 'xem-phim-demo';
  const created = await auth.auth.api.createUser({
    body: { email: DEMO_VIEWER.email, password, name: DEMO_VIEWER.name, role: 'user' },
  });
  await auth.markVerified(created.user.id);
  return { viewerPassword: password };
}
