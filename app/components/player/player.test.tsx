// The player's pure parts: shortcut keys, double taps, remembered preferences, which sources it will load, hls.js
// settings.
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { NonceProvider } from '#app/lib/nonce.ts';
import { findPlayerBootUrl, PlayerBootProvider } from './boot-url.ts';
import { hlsConfig } from './hls-config.ts';
import type { MediaSetup } from './media-element.client.ts';
import { embedUrl, Player, playableUrl } from './player.tsx';
import {
  defaultPlayerPreferences,
  PLAYER_PREFERENCES_KEY,
  readPlayerPreferences,
  savePlayerPreferences,
} from './player-preferences.ts';
import { applyCaptions, settleCaptions } from './player-captions.ts';
import { actionForKey, isOwnKeyTarget } from './player-shortcuts.ts';
import { DOUBLE_TAP_MS, SEEK_CHAIN_MS, tapAction, tapZone, type TapMemory } from './player-taps.ts';

const key = (value: string, extra: Partial<KeyboardEvent> = {}) =>
  actionForKey({
    key: value,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...extra,
  });

describe('shortcut keys', () => {
  it('follow the usual player keys', () => {
    expect(key(' ')).toEqual({ type: 'toggle-play' });
    expect(key('k')).toEqual({ type: 'toggle-play' });
    expect(key('j')).toEqual({ type: 'seek-by', seconds: -10 });
    expect(key('ArrowLeft')).toEqual({ type: 'seek-by', seconds: -10 });
    expect(key('l')).toEqual({ type: 'seek-by', seconds: 10 });
    expect(key('ArrowRight')).toEqual({ type: 'seek-by', seconds: 10 });
    expect(key('ArrowUp')).toEqual({ type: 'volume-by', amount: 0.1 });
    expect(key('ArrowDown')).toEqual({ type: 'volume-by', amount: -0.1 });
    expect(key('m')).toEqual({ type: 'toggle-mute' });
    expect(key('f')).toEqual({ type: 'toggle-fullscreen' });
    expect(key('c')).toEqual({ type: 'toggle-captions' });
    expect(key('t')).toEqual({ type: 'toggle-theatre' });
    expect(key('N', { shiftKey: true })).toEqual({ type: 'next-episode' });
    expect(key('0')).toEqual({ type: 'seek-to-fraction', fraction: 0 });
    expect(key('7')).toEqual({ type: 'seek-to-fraction', fraction: 0.7 });
    expect(key('?', { shiftKey: true })).toEqual({ type: 'help' });
  });

  it('leave other keys and browser shortcuts alone', () => {
    expect(key('n')).toBeNull();
    expect(key('x')).toBeNull();
    expect(key('f', { ctrlKey: true })).toBeNull();
    expect(key('l', { metaKey: true })).toBeNull();
    expect(key('M', { shiftKey: true })).toBeNull();
  });

  it('are not taken from fields or from a focused control', () => {
    expect(isOwnKeyTarget(null, 'k')).toBe(false);
    expect(isOwnKeyTarget({} as EventTarget, ' ')).toBe(false);
  });
});

describe('double taps on a touch screen', () => {
  const width = 360;
  /** Plays taps (x, ms since the previous one) through tapAction, returning each action. */
  const taps = (...sequence: Array<[x: number, after: number]>) => {
    let memory: TapMemory = null;
    let at = 1000;
    return sequence.map(([x, after]) => {
      at += after;
      const result = tapAction({ x, width, at }, memory);
      memory = result.memory;
      return result.action;
    });
  };
  const pass = { type: 'pass' };

  it('split the player in thirds', () => {
    expect(tapZone(10, width)).toBe('back');
    expect(tapZone(119, width)).toBe('back');
    expect(tapZone(180, width)).toBe('middle');
    expect(tapZone(241, width)).toBe('forward');
    expect(tapZone(350, width)).toBe('forward');
    expect(tapZone(10, 0)).toBe('middle');
  });

  it('seek 10 s on a double tap at either side; a single tap is left to the controls', () => {
    expect(taps([300, 0])).toEqual([pass]);
    expect(taps([300, 0], [310, 200])).toEqual([pass, { type: 'seek', seconds: 10, total: 10 }]);
    expect(taps([40, 0], [50, DOUBLE_TAP_MS])).toEqual([
      pass,
      { type: 'seek', seconds: -10, total: -10 },
    ]);
  });

  it('add 10 s for each further tap while the run goes on ("−30 s")', () => {
    expect(taps([40, 0], [40, 150], [40, 500], [40, SEEK_CHAIN_MS])).toEqual([
      pass,
      { type: 'seek', seconds: -10, total: -10 },
      { type: 'seek', seconds: -10, total: -20 },
      { type: 'seek', seconds: -10, total: -30 },
    ]);
    // A pause longer than the run's window ends it: the next tap is a single tap again.
    expect(taps([300, 0], [300, 100], [300, SEEK_CHAIN_MS + 1], [300, 100])).toEqual([
      pass,
      { type: 'seek', seconds: 10, total: 10 },
      pass,
      { type: 'seek', seconds: 10, total: 10 },
    ]);
  });

  it('are two single taps when too slow, on different sides, or in the middle', () => {
    expect(taps([300, 0], [300, DOUBLE_TAP_MS + 1])).toEqual([pass, pass]);
    expect(taps([40, 0], [300, 100])).toEqual([pass, pass]);
    expect(taps([180, 0], [180, 100], [180, 100])).toEqual([pass, pass, pass]);
    // Switching sides mid-run starts over on the new side.
    expect(taps([300, 0], [300, 100], [40, 100], [40, 100])).toEqual([
      pass,
      { type: 'seek', seconds: 10, total: 10 },
      pass,
      { type: 'seek', seconds: -10, total: -10 },
    ]);
  });
});

describe('preferences', () => {
  const store = new Map<string, string>();
  globalThis.localStorage ??= {
    getItem: (name: string) => store.get(name) ?? null,
    setItem: (name: string, value: string) => void store.set(name, value),
    removeItem: (name: string) => void store.delete(name),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  } as Storage;
  afterEach(() => localStorage.removeItem(PLAYER_PREFERENCES_KEY));

  it('start full volume, normal speed, no captions chosen, next episode on, theatre off', () => {
    expect(readPlayerPreferences()).toEqual(defaultPlayerPreferences);
    expect(Object.entries(defaultPlayerPreferences).join(' ')).toBe(
      'volume,1 muted,false rate,1 captions, autoNext,true theatre,false',
    );
  });

  it('are kept and read back', () => {
    savePlayerPreferences({ volume: 0.4, rate: 1.5 });
    savePlayerPreferences({ captions: 'vi', autoNext: false, theatre: true });
    expect(readPlayerPreferences()).toEqual({
      volume: 0.4,
      muted: false,
      rate: 1.5,
      captions: 'vi',
      autoNext: false,
      theatre: true,
    });
  });

  it('ignore values out of range or of the wrong type', () => {
    localStorage.setItem(
      PLAYER_PREFERENCES_KEY,
      JSON.stringify({ volume: 7, rate: 'fast', muted: 'yes', autoNext: 0, theatre: 'on' }),
    );
    expect(readPlayerPreferences()).toMatchObject({
      volume: 1,
      rate: 1,
      muted: false,
      autoNext: true,
      theatre: false,
    });
    localStorage.setItem(PLAYER_PREFERENCES_KEY, '{not json');
    expect(readPlayerPreferences().volume).toBe(1);
  });
});

describe('subtitles', () => {
  const tracks = (...modes: TextTrackMode[]) =>
    [
      { kind: 'metadata', language: '', label: 'thumbnails' },
      { kind: 'subtitles', language: 'en', label: 'English' },
      { kind: 'subtitles', language: 'vi', label: 'Tiếng Việt' },
    ].map((track, index) => ({ ...track, mode: modes[index] ?? 'disabled' }));
  const modes = (list: Array<{ mode: TextTrackMode }>) => list.map((track) => track.mode);

  it('show the remembered language, and only it', () => {
    const list = tracks('hidden', 'showing', 'disabled');
    applyCaptions(list, 'vi');
    expect(modes(list)).toEqual(['hidden', 'disabled', 'showing']);
    const untouched = tracks('hidden', 'showing');
    applyCaptions(untouched, 'off');
    applyCaptions(untouched, 'fr');
    applyCaptions(untouched, null);
    expect(modes(untouched)).toEqual(['hidden', 'showing', 'disabled']);
  });

  it('never show two at once: the remembered one stays, else the last', () => {
    const both = tracks('hidden', 'showing', 'showing');
    expect(settleCaptions(both, 'vi')).toBe('vi');
    expect(modes(both)).toEqual(['hidden', 'disabled', 'showing']);
    const chosen = tracks('hidden', 'showing', 'disabled');
    expect(settleCaptions(chosen, 'vi')).toBe('en');
    expect(modes(chosen)).toEqual(['hidden', 'showing', 'disabled']);
    expect(settleCaptions(tracks('hidden'), 'vi')).toBe('off');
  });
});

describe('sources', () => {
  it('are site paths, https, or http on this very site', () => {
    expect(playableUrl('/storage/videos/1/master.m3u8')).toBe('/storage/videos/1/master.m3u8');
    expect(playableUrl('https://cdn.example/a.m3u8')).toBe('https://cdn.example/a.m3u8');
    expect(playableUrl('http://localhost:3000/storage/a.m3u8', 'http://localhost:3000')).toBe(
      'http://localhost:3000/storage/a.m3u8',
    );
    expect(playableUrl('http://cdn.example/a.m3u8', 'http://localhost:3000')).toBeNull();
    expect(playableUrl('//cdn.example/a.m3u8')).toBeNull();
    expect(playableUrl('javascript:alert(1)')).toBeNull();
    expect(playableUrl(null)).toBeNull();
  });

  it('embeds only over https', () => {
    expect(embedUrl('https://player.example/embed/1')).toBe('https://player.example/embed/1');
    expect(embedUrl('http://player.example/embed/1')).toBeNull();
    expect(embedUrl('/storage/x.html')).toBeNull();
  });
});

describe('hls.js settings', () => {
  it('start from the browser’s bandwidth measure when it has one, else 1.5 Mbps, capped to the player', () => {
    expect(hlsConfig()).toMatchObject({
      startLevel: -1,
      testBandwidth: false,
      startFragPrefetch: true,
      abrEwmaDefaultEstimate: 1_500_000,
      capLevelToPlayerSize: true,
    });
    expect(hlsConfig(10).abrEwmaDefaultEstimate).toBe(8_000_000);
    expect(hlsConfig(2).abrEwmaDefaultEstimate).toBe(1_600_000);
    expect(hlsConfig(0.1).abrEwmaDefaultEstimate).toBe(300_000);
  });
});

/** The player as the server renders it, with no poster and the title these tests use. */
const onServer = (
  source: ComponentProps<typeof Player>['source'],
  props?: Partial<ComponentProps<typeof Player>>,
) => renderToString(<Player source={source} poster={null} title="Tập 1" {...props} />);

describe('on the server', () => {
  it('renders a poster frame, never the media player', () => {
    const html = onServer({ type: 'hls', url: '/storage/a/master.m3u8' });
    expect(html).not.toContain('<media-controller');
    expect(html).not.toContain('<hls-video');
    expect(html.length).toBeLessThan(2000);
  });

  it('carries what the early start needs: the media setup, a play button, and the script importing it', () => {
    const html = renderToString(
      <NonceProvider value="n0nce">
        <PlayerBootProvider value="/assets/player-boot-abc123.js">
          <Player
            source={{ type: 'video', url: '/storage/videos/1/r1/master.m3u8' }}
            poster="/storage/videos/1/r1/poster.jpg"
            storyboard="/storage/videos/1/r1/storyboard.vtt"
            subtitles={[{ id: 3, language: 'en', label: 'English', url: '/storage/subs/3.vtt' }]}
            title="Tập 1"
          />
        </PlayerBootProvider>
      </NonceProvider>,
    );
    const frame = /data-player-boot="([^"]*)"/.exec(html)?.[1];
    const setup = JSON.parse(
      frame!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    ) as MediaSetup;
    expect(setup).toEqual({
      src: '/storage/videos/1/r1/master.m3u8',
      poster: '/_img?src=/storage/videos/1/r1/poster.jpg&w=1280',
      title: 'Tập 1',
      storyboard: '/storage/videos/1/r1/storyboard.vtt',
      subtitles: [{ id: 3, language: 'en', label: 'English', url: '/storage/subs/3.vtt' }],
    });
    // Disabled until the inline script runs: without JavaScript it cannot play.
    expect(html).toMatch(/<button type="button" disabled="" data-player-boot-play=""/);
    expect(html).toContain('import("/assets/player-boot-abc123.js")');
    // The script marks the frame; once the early start has settled it lets the app's held-back modules load.
    expect(html).toContain(`setAttribute("data-early-start",'loading')`);
    // Both carry the page's nonce: its policy ('strict-dynamic') refuses a preload without one.
    expect(html).toMatch(/<script type="module" async="" nonce="n0nce">/);
    expect(html).toMatch(
      /<link rel="modulepreload" href="\/assets\/player-boot-abc123.js" fetchPriority="high" nonce="n0nce"\/>/,
    );
    // The master playlist is asked for beside the chunk, in the CORS mode hls.js's request has, so it is reused.
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/storage/videos/1/r1/master.m3u8" crossorigin="anonymous" fetchPriority="high"/>',
    );
    // The script is there without a module (development), so that the page hydrates the same, but does nothing.
    const bare = onServer({ type: 'hls', url: '/storage/a/master.m3u8' });
    expect(bare).toMatch(/<script type="module" async="" nonce=""><\/script>/);
    expect(bare).not.toContain('rel="preload"');
  });

  it('has no early start for what it cannot play on the server', () => {
    for (const url of ['javascript:alert(1)', 'http://other.example/a.m3u8', null]) {
      const html = renderToString(
        <PlayerBootProvider value="/assets/player-boot-abc123.js">
          <Player source={{ type: 'hls', url }} poster={null} title="Tập 1" />
        </PlayerBootProvider>,
      );
      expect(html).not.toContain('data-player-boot');
      expect(html).not.toContain('player-boot-abc123');
    }
  });
});

describe('the early start module', () => {
  it('is found among the route modules by its chunk name', () => {
    const manifest = {
      routes: {
        root: { imports: ['/assets/framework-A1.js'] },
        'routes/watch/episode': {
          imports: [
            '/assets/framework-A1.js',
            '/assets/player-boot-X_y-9.js',
            '/assets/player-B2.js',
          ],
        },
      },
    };
    expect(findPlayerBootUrl(manifest)).toBe('/assets/player-boot-X_y-9.js');
    // Development serves source modules: no chunk, no early start.
    expect(findPlayerBootUrl({ routes: { root: { imports: ['/app/root.tsx'] } } })).toBe('');
  });
});

describe('on the server, other sources', () => {
  it('renders an embed as a sandboxed frame, and a local video without a playlist as unavailable', () => {
    const embed = onServer({ type: 'embed', url: 'https://player.example/e/1' });
    expect(embed).toContain('sandbox="allow-scripts allow-same-origin allow-presentation"');
    expect(embed).toContain('allowFullScreen');
    const video = onServer({ type: 'video', url: null });
    expect(video).toContain('role="status"');
    expect(video).not.toContain('iframe');
    expect(video).not.toContain('player-preparing');
    expect(video).toContain('player.unavailable');
    // One still being transcoded says so instead: it will play by itself, nothing is broken.
    const preparing = onServer({ type: 'video', url: null, preparing: true });
    expect(preparing).toContain('data-testid="player-preparing"');
    expect(preparing).not.toContain('player.unavailable');
    // A local video that can play loads like any HLS source (the poster frame first), not "unavailable".
    const playable = onServer(
      { type: 'video', url: '/storage/videos/1/r1/master.m3u8' },
      { storyboard: '/storage/videos/1/r1/storyboard.vtt' },
    );
    expect(playable).not.toContain('role="status"');
    expect(playable).not.toContain('iframe');
  });
});
