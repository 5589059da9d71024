// The deployment files of deploy/ (docs/deploy.md), read as the topology test uses them: the nginx site with its
// ports and folder replaced, the systemd units' command and environment, the shared environment file. Every
// replacement must find what it replaces, so a change to those files that the test no longer follows fails here
// instead of quietly testing something else.
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '#server/paths.ts';

export const DEPLOY_DIR = path.join(PROJECT_ROOT, 'deploy');

/** The production values in deploy/ that a loopback run replaces. */
export const PRODUCTION = {
  listen: 'listen 80;',
  nodes: ['server 127.0.0.1:3001 ', 'server 127.0.0.1:3002 '],
  dataDir: '/var/lib/phim',
  workingDirectory: '/opt/phim',
} as const;

function replaceOnce(text: string, from: string, to: string, file: string) {
  if (!text.includes(from)) throw new Error(`${file} no longer contains "${from}"`);
  return text.split(from).join(to);
}

/** deploy/nginx/phim.conf for loopback: nginx on `listen`, one upstream line per node port, media from `dataDir`. */
export function nginxSite(options: { listen: number; nodePorts: number[]; dataDir: string }) {
  const file = path.join(DEPLOY_DIR, 'nginx', 'phim.conf');
  let text = fs.readFileSync(file, 'utf8');
  text = replaceOnce(text, PRODUCTION.listen, `listen 127.0.0.1:${options.listen};`, file);
  // The first upstream line becomes one per node; the others go.
  const [first, ...others] = PRODUCTION.nodes;
  const line = new RegExp(
    `^(\\s*)${first!.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(.*)$`,
    'm',
  );
  const match = line.exec(text);
  if (!match) throw new Error(`${file} no longer has the upstream line "${first}"`);
  const [, indent, rest] = match;
  text = text.replace(
    line,
    options.nodePorts.map((port) => `${indent}server 127.0.0.1:${port}${rest}`).join('\n'),
  );
  for (const other of others) {
    const otherLine = new RegExp(`^\\s*${other.trim().replace(/[.]/g, '\\.')}.*\\n`, 'm');
    if (!otherLine.test(text))
      throw new Error(`${file} no longer has the upstream line "${other}"`);
    text = text.replace(otherLine, '');
  }
  return replaceOnce(text, `root ${PRODUCTION.dataDir};`, `root ${options.dataDir};`, file);
}

/** nginx.conf around the site, everything (pid, logs, temporary files) inside `prefix`, as a root-less run needs. */
export function nginxMainConfig(prefix: string, site: string) {
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  return `worker_processes 2;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${path.join(prefix, 'access.log')};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${site}
}
`;
}

/** KEY=value lines (comments and blank lines skipped). */
function parseEnvLines(lines: string[]) {
  const env: Record<string, string> = {};
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const index = line.indexOf('=');
    if (index < 1) throw new Error(`Not a KEY=value line: ${line}`);
    env[line.slice(0, index)] = line.slice(index + 1);
  }
  return env;
}

/**
 * deploy/phim.env with `overrides` (each must be a variable the file sets: the test replaces, it does not invent)
 * and `extra` (variables the file leaves out, such as the S3 ones while it says STORAGE_DRIVER=local).
 */
export function sharedEnvironment(
  overrides: Record<string, string>,
  extra: Record<string, string> = {},
) {
  const file = path.join(DEPLOY_DIR, 'phim.env');
  const env = parseEnvLines(fs.readFileSync(file, 'utf8').split('\n'));
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in env)) throw new Error(`${file} does not set ${key}`);
    env[key] = value;
  }
  return { ...env, ...extra };
}

export type UnitCommand = { argv: string[]; env: Record<string, string>; file: string };

/**
 * A systemd unit's ExecStart (its node replaced by this Node, its working directory by the project) and its own
 * Environment= lines with %i replaced by `instance`. EnvironmentFile= is the caller's shared environment.
 */
export function unitCommand(unit: 'phim-web@' | 'phim-worker@', instance: string): UnitCommand {
  const file = path.join(DEPLOY_DIR, 'systemd', `${unit}.service`);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const value = (key: string) =>
    lines.filter((line) => line.startsWith(`${key}=`)).map((line) => line.slice(key.length + 1));
  const exec = value('ExecStart')[0];
  if (!exec) throw new Error(`${file} has no ExecStart`);
  const [binary, ...args] = exec.split(/\s+/);
  if (!binary?.endsWith('/node')) throw new Error(`${file}: ExecStart does not run node`);
  if (value('WorkingDirectory')[0] !== PRODUCTION.workingDirectory)
    throw new Error(`${file}: WorkingDirectory is not ${PRODUCTION.workingDirectory}`);
  const env = parseEnvLines(value('Environment').map((line) => line.replaceAll('%i', instance)));
  return {
    argv: [process.execPath, ...args.map((arg) => (arg.startsWith('/') ? arg : arg))],
    env,
    file,
  };
}
