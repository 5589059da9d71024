// Seek-preview storyboards: one frame every 10 s, tiled into sprite images, and the WebVTT file that maps each
// time range to a tile (`sprite_001.jpg#xywh=x,y,w,h`), as players read them for thumbnails.

export const STORYBOARD_INTERVAL = 10;
export const STORYBOARD_COLUMNS = 10;
export const STORYBOARD_ROWS = 10;
export const STORYBOARD_TILE_WIDTH = 160;

export type StoryboardLayout = {
  interval: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  /** Number of frames (tiles) over the whole duration. */
  frames: number;
  duration: number;
};

/** Tiles keep the picture's aspect ratio; their height is even, as encoders want. */
export function planStoryboard(source: { duration: number; width: number; height: number }) {
  const tileHeight = Math.max(
    2,
    Math.round((STORYBOARD_TILE_WIDTH * source.height) / source.width / 2) * 2,
  );
  return {
    interval: STORYBOARD_INTERVAL,
    columns: STORYBOARD_COLUMNS,
    rows: STORYBOARD_ROWS,
    tileWidth: STORYBOARD_TILE_WIDTH,
    tileHeight,
    frames: Math.max(1, Math.ceil(source.duration / STORYBOARD_INTERVAL)),
    duration: source.duration,
  } satisfies StoryboardLayout;
}

/** File name of sprite `index` (0-based), matching ffmpeg's `sprite_%03d.jpg` (which counts from 1). */
export const spriteName = (index: number) => `sprite_${String(index + 1).padStart(3, '0')}.jpg`;

export const spriteCount = (layout: StoryboardLayout) =>
  Math.ceil(layout.frames / (layout.columns * layout.rows));

/** `HH:MM:SS.mmm`, as WebVTT wants it. */
export function vttTime(seconds: number) {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(rest).padStart(3, '0')}`;
}

/** The WebVTT text; sprite addresses are relative to the VTT file (they sit beside it). */
export function storyboardVtt(layout: StoryboardLayout) {
  const perSprite = layout.columns * layout.rows;
  const cues = ['WEBVTT', ''];
  for (let frame = 0; frame < layout.frames; frame += 1) {
    const start = frame * layout.interval;
    const end = Math.min((frame + 1) * layout.interval, layout.duration);
    if (end <= start) break;
    const inSprite = frame % perSprite;
    const x = (inSprite % layout.columns) * layout.tileWidth;
    const y = Math.floor(inSprite / layout.columns) * layout.tileHeight;
    cues.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `${spriteName(Math.floor(frame / perSprite))}#xywh=${x},${y},${layout.tileWidth},${layout.tileHeight}`,
      '',
    );
  }
  return cues.join('\n');
}
