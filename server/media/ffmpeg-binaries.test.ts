// Where ffmpeg and ffprobe come from, on real folders: the variable wins, then PATH, then the npm package, and a
// machine with none of them gets an error naming all three places.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateBinary, locateMediaBinaries, platformPackage } from './ffmpeg-binaries.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'phim-binaries-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let folders = 0;
/** A folder holding executable scripts that print `<name> version <label>`, as `-version` does. */
function binDir(label: string, names: string[] = ['ffmpeg', 'ffprobe'], mode = 0o755) {
  const dir = path.join(root, `${label}-${(folders += 1)}`);
  fs.mkdirSync(dir, { recursive: true });
  for (const name of names) {
    fs.writeFileSync(path.join(dir, name), `#!/bin/sh\necho "${name} version ${label}"\n`, {
      mode,
    });
  }
  return dir;
}

/** A project folder with the platform packages installed in its node_modules, as npm lays them out. */
function projectWithPackages(mode = 0o755) {
  const project = path.join(root, `project-${(folders += 1)}`);
  for (const tool of ['ffmpeg', 'ffprobe'] as const) {
    const dir = path.join(project, 'node_modules', platformPackage(tool));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: platformPackage(tool), version: '4.1.0' }),
    );
    fs.writeFileSync(path.join(dir, tool), `#!/bin/sh\necho "${tool} version npm"\n`, { mode });
  }
  return project;
}

const empty = binDir('empty', []);

describe('locating ffmpeg', () => {
  it('takes FFMPEG_PATH first, even with ffmpeg on PATH and in the package', () => {
    const configured = path.join(binDir('configured'), 'ffmpeg');
    const found = locateBinary('ffmpeg', {
      env: { FFMPEG_PATH: configured, PATH: binDir('system') },
      resolveFrom: projectWithPackages(),
    });
    expect(found).toEqual({ path: configured, source: 'env' });
  });

  it('then the first folder on PATH that has it, before the package', () => {
    const system = binDir('system');
    const found = locateBinary('ffmpeg', {
      env: { PATH: [empty, binDir('no-ffmpeg', ['ffprobe']), system].join(path.delimiter) },
      resolveFrom: projectWithPackages(),
    });
    expect(found).toEqual({ path: path.join(system, 'ffmpeg'), source: 'path' });
  });

  it('skips a file on PATH that is not executable', () => {
    const project = projectWithPackages();
    const found = locateBinary('ffmpeg', {
      env: { PATH: binDir('not-executable', ['ffmpeg'], 0o644) },
      resolveFrom: project,
    });
    expect(found.source).toBe('package');
  });

  it('then the npm package, made executable when its postinstall did not run', () => {
    const project = projectWithPackages(0o644);
    const found = locateBinary('ffmpeg', { env: { PATH: empty }, resolveFrom: project });
    expect(found).toEqual({
      path: path.join(project, 'node_modules', platformPackage('ffmpeg'), 'ffmpeg'),
      source: 'package',
    });
    expect(fs.statSync(found.path).mode & 0o111).not.toBe(0);
  });

  it('names the variable, the PATH folders and the package when none has it', () => {
    expect(() =>
      locateBinary('ffmpeg', { env: { PATH: empty }, resolveFrom: binDir('bare-project', []) }),
    ).toThrow(
      `ffmpeg not found: tried FFMPEG_PATH (unset); PATH (${empty}); the npm package ${platformPackage('ffmpeg')} (not installed)`,
    );
    expect(() => locateBinary('ffprobe', { env: {}, resolveFrom: empty })).toThrow(
      /FFPROBE_PATH \(unset\); PATH \(empty\); the npm package @ffprobe-installer\//,
    );
  });

  it('refuses a FFMPEG_PATH that names no executable instead of running another ffmpeg', () => {
    expect(() =>
      locateBinary('ffmpeg', {
        env: { FFMPEG_PATH: path.join(empty, 'ffmpeg'), PATH: binDir('system') },
      }),
    ).toThrow(`FFMPEG_PATH=${path.join(empty, 'ffmpeg')} is not an executable file`);
  });

  it('finds ffprobe in FFPROBE_PATH, else beside FFMPEG_PATH, else on PATH', () => {
    const build = binDir('build', ['ffmpeg-6', 'ffprobe-6']);
    const system = binDir('system');
    const probe = path.join(binDir('probe', ['ffprobe']), 'ffprobe');
    expect(
      locateBinary('ffprobe', {
        env: { FFPROBE_PATH: probe, FFMPEG_PATH: path.join(build, 'ffmpeg-6'), PATH: system },
      }).path,
    ).toBe(probe);
    expect(
      locateBinary('ffprobe', { env: { FFMPEG_PATH: path.join(build, 'ffmpeg-6'), PATH: system } }),
    ).toEqual({ path: path.join(build, 'ffprobe-6'), source: 'env' });
    const lone = binDir('lone', ['ffmpeg']);
    expect(
      locateBinary('ffprobe', { env: { FFMPEG_PATH: path.join(lone, 'ffmpeg'), PATH: system } }),
    ).toEqual({ path: path.join(system, 'ffprobe'), source: 'path' });
  });
});

describe('the transcode mode and the start-up line', () => {
  type Line = { level: string; fields: Record<string, unknown>; message?: string };
  const collect = () => {
    const lines: Line[] = [];
    const log = {
      info: (fields: object, message?: string) =>
        lines.push({ level: 'info', fields: fields as Line['fields'], message }),
      warn: (fields: object, message?: string) =>
        lines.push({ level: 'warn', fields: fields as Line['fields'], message }),
    };
    return { lines, log };
  };

  it('writes the ladder in one process with a system ffmpeg and reports its version', async () => {
    const system = binDir('5.1-system');
    const media = locateMediaBinaries({
      env: { PATH: system },
      resolveFrom: projectWithPackages(),
    });
    expect(media).toMatchObject({
      ffmpegPath: path.join(system, 'ffmpeg'),
      ffprobePath: path.join(system, 'ffprobe'),
      mode: 'single-process',
    });
    const { lines, log } = collect();
    await media.report(log);
    expect(lines[0]).toMatchObject({
      level: 'info',
      fields: { tool: 'ffmpeg', source: 'path', multiRendition: true },
      message: `ffmpeg from PATH: ffmpeg version 5.1-system; transcode mode single-process (it writes every rendition in one process)`,
    });
    expect(lines[1]?.message).toContain('ffprobe from PATH: ffprobe version');
  });

  it('encodes one rendition per process with the npm build, unless TRANSCODE_MODE says otherwise', async () => {
    const project = projectWithPackages();
    const media = locateMediaBinaries({ env: { PATH: empty }, resolveFrom: project });
    expect(media.mode).toBe('per-rendition');
    const { lines, log } = collect();
    await media.report(log);
    expect(lines[0]).toMatchObject({
      fields: { source: 'package', multiRendition: false },
      message:
        'ffmpeg from the npm package: ffmpeg version npm; transcode mode per-rendition (this build cannot write several renditions in one process)',
    });
    const forced = locateMediaBinaries({
      env: { PATH: empty },
      resolveFrom: project,
      mode: 'single-process',
    });
    expect(forced.mode).toBe('single-process');
    expect(
      locateMediaBinaries({ env: { PATH: binDir('system') }, mode: 'per-rendition' }).mode,
    ).toBe('per-rendition');
  });

  it('starts without ffmpeg and warns once where it looked', async () => {
    const media = locateMediaBinaries({ env: { PATH: empty }, resolveFrom: empty });
    expect(media.ffmpegPath).toBe('ffmpeg');
    const { lines, log } = collect();
    await media.report(log);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn']);
    expect(lines[0]?.message).toMatch(
      /^ffmpeg not found: tried FFMPEG_PATH \(unset\); PATH .*: videos cannot be transcoded$/,
    );
  });
});
