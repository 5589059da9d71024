// Demo artwork drawn as SVG and rendered by sharp: a 2:3 poster with the title typeset, and a 16:9 backdrop scene.
// Every picture is derived from the movie's slug, so a second run would draw exactly the same one.

export type ArtworkMovie = {
  slug: string;
  title: string;
  originalTitle: string;
  year: number;
  typeLabel: string;
};

/** A small, seeded random generator (mulberry32): the same slug always gives the same picture. */
function random(seedText: string) {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed ^ char.codePointAt(0)!, 2654435761) + 1) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** Splits text into lines that fit `width` px at `size` px, by an average glyph width of the bold face. */
function wrap(text: string, size: number, width: number, glyph = 0.68) {
  const perLine = Math.max(4, Math.floor(width / (size * glyph)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (!line) line = word;
    else if (`${line} ${word}`.length <= perLine) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function palette(rand: () => number) {
  const hue = Math.floor(rand() * 360);
  const shift = 30 + Math.floor(rand() * 140);
  return {
    deep: `hsl(${hue} 55% 12%)`,
    mid: `hsl(${hue} 60% 32%)`,
    glow: `hsl(${(hue + shift) % 360} 85% 62%)`,
    accent: `hsl(${(hue + shift / 2) % 360} 75% 50%)`,
  };
}

/** A ridge of hills across the picture, as a closed path. */
function ridge(rand: () => number, width: number, height: number, base: number, amplitude: number) {
  const steps = 7 + Math.floor(rand() * 5);
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const x = (i / steps) * width;
    const y = base - rand() * amplitude;
    return `${x.toFixed(0)},${y.toFixed(0)}`;
  });
  return `M0,${height} L${points.join(' L')} L${width},${height} Z`;
}

function scene(
  rand: () => number,
  width: number,
  height: number,
  colors: ReturnType<typeof palette>,
) {
  const sunX = width * (0.25 + rand() * 0.5);
  const sunY = height * (0.25 + rand() * 0.2);
  const sunR = Math.min(width, height) * (0.12 + rand() * 0.1);
  const stars = Array.from({ length: 40 }, () => {
    const x = rand() * width;
    const y = rand() * height * 0.5;
    const r = 0.6 + rand() * 1.6;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(1)}" fill="white" opacity="${(0.2 + rand() * 0.6).toFixed(2)}"/>`;
  }).join('');
  const ridges = [0.62, 0.72, 0.84]
    .map(
      (level, i) =>
        `<path d="${ridge(rand, width, height, height * level, height * (0.16 - i * 0.03))}" fill="${colors.deep}" opacity="${(0.55 + i * 0.2).toFixed(2)}"/>`,
    )
    .join('');
  return `
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0.3" y2="1">
        <stop offset="0" stop-color="${colors.deep}"/>
        <stop offset="0.55" stop-color="${colors.mid}"/>
        <stop offset="1" stop-color="${colors.accent}"/>
      </linearGradient>
      <radialGradient id="sun">
        <stop offset="0" stop-color="${colors.glow}" stop-opacity="1"/>
        <stop offset="0.35" stop-color="${colors.glow}" stop-opacity="0.55"/>
        <stop offset="1" stop-color="${colors.glow}" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    ${stars}
    <circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${(sunR * 3).toFixed(0)}" fill="url(#sun)"/>
    <circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${sunR.toFixed(0)}" fill="${colors.glow}" opacity="0.9"/>
    ${ridges}`;
}

const FONT = "'Noto Sans', 'DejaVu Sans', sans-serif";

export function posterSvg(movie: ArtworkMovie, width = 600, height = 900): string {
  const rand = random(`poster:${movie.slug}`);
  const colors = palette(rand);
  const margin = 44;
  let size = 68;
  let lines = wrap(movie.title.toUpperCase(), size, width - margin * 2);
  while (lines.length > 4 && size > 40) {
    size -= 4;
    lines = wrap(movie.title.toUpperCase(), size, width - margin * 2);
  }
  const original =
    movie.originalTitle && movie.originalTitle !== movie.title ? movie.originalTitle : '';
  // The lowest seventh stays free of text: the site lays its episode badge over that corner.
  const bottom = height * 0.86 - (original ? 44 : 0);
  const firstBaseline = bottom - (lines.length - 1) * size * 1.14;
  const title = lines
    .map(
      (line, i) =>
        `<text x="${margin}" y="${(firstBaseline + i * size * 1.14).toFixed(0)}">${escapeXml(line)}</text>`,
    )
    .join('');
  const credits = `${movie.typeLabel} · ${movie.year}`.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${scene(rand, width, height, colors)}
    <defs>
      <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0.3" stop-color="black" stop-opacity="0"/>
        <stop offset="1" stop-color="black" stop-opacity="0.85"/>
      </linearGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#shade)"/>
    <g font-family="${FONT}" fill="white">
      <rect x="${margin}" y="${(firstBaseline - size - 44).toFixed(0)}" width="48" height="6" rx="3" fill="${colors.glow}"/>
      <text x="${margin + 62}" y="${(firstBaseline - size - 34).toFixed(0)}" font-size="24" font-weight="700" letter-spacing="3" opacity="0.9">${escapeXml(credits)}</text>
      <g font-size="${size}" font-weight="800">${title}</g>
      ${original ? `<text x="${margin}" y="${(bottom + 48).toFixed(0)}" font-size="30" font-weight="500" opacity="0.85">${escapeXml(original)}</text>` : ''}
    </g>
  </svg>`;
}

export function backdropSvg(movie: ArtworkMovie, width = 1280, height = 720): string {
  const rand = random(`backdrop:${movie.slug}`);
  const colors = palette(random(`poster:${movie.slug}`));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${scene(rand, width, height, colors)}
  </svg>`;
}
