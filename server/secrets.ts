// Secrets generated on first start and kept in DATA_DIR/secrets.json (mode 0600), unless the environment gives them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Secrets = { authSecret: string; pgPassword: string };

export function loadSecrets(dataDir: string, env: { AUTH_SECRET?: string }): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    authSecret: stored.authSecret ?? crypto.randomBytes(32).toString('base64url'),
    pgPassword: stored.pgPassword ?? crypto.randomBytes(24).toString('base64url'),
  };
  if (stored.authSecret !== secrets.authSecret || stored.pgPassword !== secrets.pgPassword) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return env.AUTH_SECRET ? { ...secrets, authSecret: env.AUTH_SECRET } : secrets;
}
