// The origins the public pages' CSP admits for Site Assets (decision 047): what script and link elements load from.
import { describe, expect, it } from 'vitest';
import { siteAssetOrigins } from './site-assets.schema.ts';

describe('siteAssetOrigins', () => {
  it('takes script src and link href origins, however the attribute is quoted or spelt', () => {
    expect(
      siteAssetOrigins({
        head: `<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Be+Vietnam+Pro">
          <script async src='https://www.googletagmanager.com/gtag/js?id=G-1'></script>`,
        body_end:
          '<SCRIPT SRC=//cdn.example.com/a.js></SCRIPT><link href=https://x.example:8443/a.css>',
      }),
    ).toEqual({
      script: ['https://www.googletagmanager.com', 'https://cdn.example.com'],
      style: ['https://fonts.googleapis.com', 'https://x.example:8443'],
    });
  });

  it('leaves out relative URLs, other schemes, other elements and look-alike attributes', () => {
    expect(
      siteAssetOrigins({
        head: `<link data-href="https://evil.example/a.css" href="/local.css">
          <script src="javascript:alert(1)"></script><script src="data:text/javascript,1"></script>
          <img src="https://img.example/a.png"><div href="https://div.example"></div>
          <script data-src="https://lazy.example/a.js">inline()</script>`,
      }),
    ).toEqual({ script: [], style: [] });
  });
});
