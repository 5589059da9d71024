// Finds the ffmpeg and ffprobe binaries: the configured path, then the system PATH, then the npm packages that ship
// a static build in their tarball, so a machine without ffmpeg still transcodes. Says which one and whether it can
// write the whole ladder in one process.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type MediaTool = 'ffmpeg' | 'ffprobe';
export type BinarySource = 'env' | 'path' | 'package';
export type TranscodeMode = 'single-process' | 'per-rendition';

export type LocatedBinary = { path: string; source: BinarySource };

const ENV_NAME = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' } as const;
const PACKAGE_SCOPE = { ffmpeg: '@ffmpeg-installer', ffprobe: '@ffprobe-installer' } as const;

/** `@ffmpeg-installer/linux-x64` and friends: one package per platform, with the binary at its root. */
export const platformPackage = (tool: MediaTool) =>
  `${PACKAGE_SCOPE[tool]}/${process.platform}-${process.arch}`;

const executableName = (tool: MediaTool) => (process.platform === 'win32' ? `${tool}.exe` : tool);

function isExecutable(file: string) {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export class BinaryNotFoundError extends Error {
  constructor(tool: MediaTool, tried: string[]) {
    super(`${tool} not found: tried ${tried.join('; ')}`);
    this.name = 'BinaryNotFoundError';
  }
}

/** The binary in the platform package, made executable if its (unapproved) postinstall `chmod` did not run. */
function fromPackage(tool: MediaTool, resolveFrom: string) {
  let dir: string;
  try {
    const require = createRequire(path.join(resolveFrom, 'noop.js'));
    dir = path.dirname(require.resolve(`${platformPackage(tool)}/package.json`));
  } catch {
    return null;
  }
  const file = path.join(dir, executableName(tool));
  if (!fs.existsSync(file)) return null;
  if (!isExecutable(file)) {
    try {
      fs.chmodSync(file, 0o755);
    } catch {
      return null;
    }
  }
  return isExecutable(file) ? file : null;
}

/** The project's own node_modules are found from this file's folder, whatever the working directory. */
const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * Where `tool` is: its variable (`FFMPEG_PATH` / `FFPROBE_PATH`; for ffprobe also beside `FFMPEG_PATH`), then
 * `PATH`, then the npm package resolved from `resolveFrom` (a folder; node_modules are looked up from there). A variable that names no executable is an error,
 * not a reason to quietly run another binary.
 */
export function locateBinary(
  tool: MediaTool,
  options: { env?: NodeJS.ProcessEnv; resolveFrom?: string } = {},
): LocatedBinary {
  const env = options.env ?? process.env;
  const configured = env[ENV_NAME[tool]];
  if (configured) {
    if (isExecutable(configured)) return { path: configured, source: 'env' };
    throw new Error(`${ENV_NAME[tool]}=${configured} is not an executable file`);
  }
  if (tool === 'ffprobe' && env.FFMPEG_PATH) {
    // An ffmpeg build usually comes with its ffprobe in the same folder, with the same suffix.
    const beside = path.join(
      path.dirname(env.FFMPEG_PATH),
      path.basename(env.FFMPEG_PATH).replace(/ffmpeg/i, 'ffprobe'),
    );
    if (beside !== env.FFMPEG_PATH && isExecutable(beside)) return { path: beside, source: 'env' };
  }
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    const file = path.join(dir, executableName(tool));
    if (isExecutable(file)) return { path: file, source: 'path' };
  }
  const packaged = fromPackage(tool, options.resolveFrom ?? HERE);
  if (packaged) return { path: packaged, source: 'package' };
  throw new BinaryNotFoundError(tool, [
    `${ENV_NAME[tool]} (unset)`,
    `PATH (${dirs.length ? dirs.join(path.delimiter) : 'empty'})`,
    `the npm package ${platformPackage(tool)} (not installed)`,
  ]);
}

/**
 * One process for the whole ladder needs `-var_stream_map` with named variants; the only build an npm package
 * ships (a 2018 static ffmpeg) refuses or crashes on it, so that one encodes a rendition per process.
 * `override` is `TRANSCODE_MODE`.
 */
export function transcodeModeFor(ffmpeg: LocatedBinary, override?: TranscodeMode): TranscodeMode {
  return override ?? (ffmpeg.source === 'package' ? 'per-rendition' : 'single-process');
}

/** `-version`'s first line without the copyright ("ffmpeg version 5.1.9-0+deb12u1"), for the start-up log. */
export function binaryVersion(file: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(file, ['-version'], { timeout: 10_000 }, (error, stdout) => {
      resolve(
        error
          ? `unknown (${error.message})`
          : (stdout.split('\n')[0] ?? '').replace(/\s+Copyright.*/, '').trim(),
      );
    });
  });
}

export type MediaBinaries = {
  ffmpegPath: string;
  ffprobePath: string;
  mode: TranscodeMode;
  /** Writes one start-up line naming both binaries, their versions and the mode (or why none was found). */
  report: (log: {
    info: (o: object, m?: string) => void;
    warn: (o: object, m?: string) => void;
  }) => Promise<void>;
};

/** Both binaries and the transcode mode; when one is missing, its bare name (running it then fails clearly). */
export function locateMediaBinaries(
  options: { env?: NodeJS.ProcessEnv; resolveFrom?: string; mode?: TranscodeMode } = {},
): MediaBinaries {
  const find = (tool: MediaTool) => {
    try {
      return locateBinary(tool, options);
    } catch (error) {
      return error as Error;
    }
  };
  const ffmpeg = find('ffmpeg');
  const ffprobe = find('ffprobe');
  const mode =
    ffmpeg instanceof Error
      ? (options.mode ?? 'single-process')
      : transcodeModeFor(ffmpeg, options.mode);
  return {
    ffmpegPath: ffmpeg instanceof Error ? 'ffmpeg' : ffmpeg.path,
    ffprobePath: ffprobe instanceof Error ? 'ffprobe' : ffprobe.path,
    mode,
    async report(log) {
      const where = { env: 'the environment', path: 'PATH', package: 'the npm package' } as const;
      const why = options.mode
        ? 'TRANSCODE_MODE'
        : mode === 'per-rendition'
          ? 'this build cannot write several renditions in one process'
          : 'it writes every rendition in one process';
      for (const [tool, found] of [
        ['ffmpeg', ffmpeg],
        ['ffprobe', ffprobe],
      ] as const) {
        if (found instanceof Error) {
          log.warn({ tool }, `${found.message}: videos cannot be transcoded`);
          continue;
        }
        const version = await binaryVersion(found.path);
        const fields = { tool, path: found.path, source: found.source, version };
        if (tool === 'ffprobe') log.info(fields, `ffprobe from ${where[found.source]}: ${version}`);
        else
          log.info(
            { ...fields, mode, multiRendition: found.source !== 'package' },
            `ffmpeg from ${where[found.source]}: ${version}; transcode mode ${mode} (${why})`,
          );
      }
    },
  };
}
