// A transcode survives the server stopping under it: the real server (`server/main.ts`, embedded PostgreSQL) is
// stopped with SIGTERM mid-transcode, started again on the same data folder, and the video ends ready.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requireBuild } from '#tests/app-utils.ts';
import {
  makeDataFolder,
  PROCESS_ADMIN,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '#tests/server-process.ts';
import { waitFor } from '#tests/wait-utils.ts';

const run = promisify(execFile);
let dataDir: string;
let running: ServerProcess | undefined;

beforeAll(() => {
  requireBuild();
  dataDir = makeDataFolder('phim-video-restart-');
});
afterAll(async () => {
  if (running) await stopServerProcess(running);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  running = await startServerProcess({ dataDir });
  const { port, exited, output } = running;
  if (!(await running.listening)) throw new Error(`server exited:\n${output()}`);
  const base = `http://127.0.0.1:${port}`;
  // Cookie mode as a browser: the XSRF cookie, then sign in.
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: JSON.stringify(PROCESS_ADMIN),
  });
  expect(login.status).toBe(200);
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const headers = {
    cookie: `XSRF-TOKEN=${xsrf}; ${session}`,
    'x-xsrf-token': decodeURIComponent(xsrf),
  };
  const video = async (id: number) =>
    (await (await fetch(`${base}/api/admin/videos/${id}`, { headers })).json()).video as {
      status: string;
      progress: number;
      master_url: string | null;
    };
  return { base, headers, video, exited, output };
}

it('puts a transcode cut short by a shutdown back in the queue and finishes it after the restart', async () => {
  const clip = path.join(dataDir, 'clip.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=854x480:rate=25:duration=30'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip],
  ]);
  const data = fs.readFileSync(clip);

  const first = await start();
  const created = await fetch(`${first.base}/api/admin/videos/uploads`, {
    method: 'POST',
    headers: {
      ...first.headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': `filename ${Buffer.from('restart.mp4').toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const videoId = Number(created.headers.get('phim-video-id'));
  const patched = await fetch(`${first.base}${created.headers.get('location')}`, {
    method: 'PATCH',
    headers: {
      ...first.headers,
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
    body: new Uint8Array(data),
  });
  expect(patched.status).toBe(204);
  await waitFor(async () => {
    const current = await first.video(videoId);
    return current.status === 'processing' ? current : undefined;
  }, 30_000);

  running!.child.kill('SIGTERM');
  expect(await first.exited).toEqual({ code: 0, signal: null });
  const work = path.join(dataDir, 'work', 'transcode', String(videoId));
  // The run that was stopped left nothing half-written behind.
  expect(fs.existsSync(work), first.output()).toBe(false);

  const second = await start();
  const ready = await waitFor(async () => {
    const current = await second.video(videoId);
    return current.status === 'ready' ? current : undefined;
  }, 150_000);
  expect(ready.progress).toBe(100);
  const master = await fetch(`${second.base}${ready.master_url}`);
  expect(master.status).toBe(200);
  expect(await master.text()).toContain('480p/index.m3u8');
}, 240_000);
