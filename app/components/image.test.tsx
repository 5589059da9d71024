import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Img, imageSrcSet, imageUrl, isStorageSrc, snapWidth } from './image.tsx';

describe('snapWidth', () => {
  it('takes the smallest served width at least as wide, or the widest', () => {
    expect(snapWidth(240)).toBe(240);
    expect(snapWidth(241)).toBe(320);
    expect(snapWidth(192)).toBe(240);
    expect(snapWidth(10)).toBe(64);
    expect(snapWidth(159.2)).toBe(160);
    expect(snapWidth(4000)).toBe(1920);
  });
});

describe('imageUrl', () => {
  it('builds a /_img URL with the path kept readable', () => {
    expect(imageUrl('/storage/posters/a.jpg', { width: 240 })).toBe(
      '/_img?src=/storage/posters/a.jpg&w=240',
    );
  });

  it('snaps the width to the served list', () => {
    expect(imageUrl('/storage/a.jpg', { width: 200 })).toBe('/_img?src=/storage/a.jpg&w=240');
    expect(imageUrl('/storage/a.jpg', { width: 5000 })).toBe('/_img?src=/storage/a.jpg&w=1920');
  });

  it('leaves the default quality out and clamps others to 30-90', () => {
    expect(imageUrl('/storage/a.jpg', { width: 64, quality: 75 })).toBe(
      '/_img?src=/storage/a.jpg&w=64',
    );
    expect(imageUrl('/storage/a.jpg', { width: 64, quality: 60 })).toBe(
      '/_img?src=/storage/a.jpg&w=64&q=60',
    );
    expect(imageUrl('/storage/a.jpg', { width: 64, quality: 10 })).toContain('&q=30');
    expect(imageUrl('/storage/a.jpg', { width: 64, quality: 99.6 })).toContain('&q=90');
  });

  it('asks for the placeholder with blur=1 and no width or quality', () => {
    expect(imageUrl('/storage/a.jpg', { blur: true })).toBe('/_img?src=/storage/a.jpg&blur=1');
    expect(imageUrl('/storage/a.jpg', { blur: true, width: 640, quality: 90 })).toBe(
      '/_img?src=/storage/a.jpg&blur=1',
    );
  });

  it('encodes everything but slashes in the path', () => {
    expect(imageUrl('/storage/phim hay/ảnh&1+2.jpg', { width: 96 })).toBe(
      '/_img?src=/storage/phim%20hay/%E1%BA%A3nh%261%2B2.jpg&w=96',
    );
    // An already-encoded path stays a URL path: the server decodes it once more, as /storage/ does.
    expect(imageUrl('/storage/a%20b.jpg', { width: 96 })).toBe(
      '/_img?src=/storage/a%2520b.jpg&w=96',
    );
  });

  it('moves a version from the source query (or the option) into v=, dropping other parts', () => {
    expect(imageUrl('/storage/a.jpg?v=1718000000&x=1#top', { width: 64 })).toBe(
      '/_img?src=/storage/a.jpg&w=64&v=1718000000',
    );
    expect(imageUrl('/storage/a.jpg', { width: 64, version: 42 })).toBe(
      '/_img?src=/storage/a.jpg&w=64&v=42',
    );
    expect(imageUrl('/storage/a.jpg?v=1', { blur: true, version: '2024-06-01T10:00:00Z' })).toBe(
      '/_img?src=/storage/a.jpg&blur=1&v=2024-06-01T100000Z',
    );
    expect(imageUrl('/storage/a.jpg?x=1', { width: 64 })).toBe('/_img?src=/storage/a.jpg&w=64');
    expect(imageUrl('/storage/a.jpg', { width: 64, version: '' })).toBe(
      '/_img?src=/storage/a.jpg&w=64',
    );
  });
});

describe('imageSrcSet', () => {
  it('lists densities 1 and 2, as x or (with sizes) w descriptors', () => {
    expect(imageSrcSet('/storage/a.jpg', { width: 240 })).toBe(
      '/_img?src=/storage/a.jpg&w=240 1x, /_img?src=/storage/a.jpg&w=480 2x',
    );
    expect(imageSrcSet('/storage/a.jpg', { width: 160, sizes: true })).toBe(
      '/_img?src=/storage/a.jpg&w=160 160w, /_img?src=/storage/a.jpg&w=320 320w',
    );
    // A wide picture: the phone's widths too.
    expect(imageSrcSet('/storage/a.jpg', { width: 1280, sizes: true })).toBe(
      [480, 640, 960, 1280, 1920].map((w) => `/_img?src=/storage/a.jpg&w=${w} ${w}w`).join(', '),
    );
    expect(imageSrcSet('/storage/a.jpg', { width: 1920 })).toBe(
      '/_img?src=/storage/a.jpg&w=1920 1x',
    );
  });
});

describe('isStorageSrc', () => {
  it('accepts only paths under /storage/', () => {
    expect(isStorageSrc('/storage/a.jpg')).toBe(true);
    for (const src of [
      '',
      null,
      undefined,
      '/storage',
      'storage/a.jpg',
      'https://cdn.example/storage/a.jpg',
      '//evil/storage/a.jpg',
      '/storage/../a.jpg',
    ]) {
      expect(isStorageSrc(src), String(src)).toBe(false);
    }
  });
});

describe('<Img>', () => {
  it('renders a lazy storage image at 1x and 2x over its blurred placeholder', () => {
    const html = renderToStaticMarkup(
      <Img src="/storage/p.jpg" width={240} height={360} alt="Poster" className="rounded" />,
    );
    expect(html).toContain('src="/_img?src=/storage/p.jpg&amp;w=240"');
    expect(html).toContain(
      'srcSet="/_img?src=/storage/p.jpg&amp;w=240 1x, /_img?src=/storage/p.jpg&amp;w=480 2x"',
    );
    for (const attribute of ['width="240"', 'height="360"', 'alt="Poster"', 'loading="lazy"'])
      expect(html).toContain(attribute);
    expect(html).toContain('decoding="async"');
    expect(html).not.toContain('fetchPriority');
    expect(html).toContain('background-image:url(&quot;/_img?src=/storage/p.jpg&amp;blur=1&quot;)');
    // Its size, place and colour come from the stylesheet's `img-placeholder` (app.css).
    expect(html).toMatch(/class="img-placeholder rounded"/);
  });

  it('loads a priority image eagerly and with high priority', () => {
    const html = renderToStaticMarkup(
      <Img src="/storage/p.jpg" width={960} height={540} alt="" priority />,
    );
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain('decoding="async"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('uses w descriptors with sizes', () => {
    const html = renderToStaticMarkup(
      <Img
        src="/storage/p.jpg?v=7"
        width={320}
        height={180}
        alt=""
        sizes="(min-width: 48rem) 320px, 50vw"
      />,
    );
    expect(html).toContain('sizes="(min-width: 48rem) 320px, 50vw"');
    expect(html).toContain('/_img?src=/storage/p.jpg&amp;w=320&amp;v=7 320w');
    expect(html).toContain('/_img?src=/storage/p.jpg&amp;w=640&amp;v=7 640w');
    expect(html).toContain('blur=1&amp;v=7');
  });

  it('renders other sources as a plain lazy <img>', () => {
    const html = renderToStaticMarkup(
      <Img src="https://img.example/p.jpg" width={240} height={360} alt="Poster" />,
    );
    expect(html).toBe(
      '<img src="https://img.example/p.jpg" width="240" height="360" alt="Poster" loading="lazy" decoding="async"/>',
    );
  });

  it('renders a neutral box with an icon when there is no picture', () => {
    const html = renderToStaticMarkup(
      <Img src="" width={240} height={360} alt="Poster" className="rounded" />,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Poster"');
    expect(html).toContain('--img-w:240px');
    expect(html).toContain('--img-ratio:240 / 360');
    expect(html).toContain('<svg');
    expect(html).toMatch(/class="[^"]*bg-linear-to-br[^"]*rounded"/);

    const decorative = renderToStaticMarkup(<Img src={null} width={64} height={64} alt="" />);
    expect(decorative).toContain('aria-hidden="true"');
    expect(decorative).not.toContain('role="img"');
  });
});
