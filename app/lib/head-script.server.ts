// The document's first script before its stylesheet (decision 062). React writes a stylesheet with a precedence among
// the first tags of <head>, and the <head>'s own children after every tag it hoists, so the root layout's inline
// script (the colour mode, a route's `handle.headScript`) came after the stylesheet. A classic script there waits
// for the stylesheet to load and stops the HTML parser until then: the watch page's early start, further down,
// could not ask for hls.js before the CSS was in.

/** The root layout's inline script, which it marks with `data-head-script`. */
const headScript = /<script data-head-script=""[^>]*>(?:(?!<\/script>)[\s\S])*<\/script>/;

/**
 * The rendered page with its head script moved to just before its first stylesheet. Only <head> is read as text;
 * a page without either, or with the script already first, comes back as it was.
 */
export function headScriptFirst(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf('</head>');
  if (headEnd < 0) return page;
  const head = page.toString('utf8', 0, headEnd);
  const script = headScript.exec(head);
  const stylesheet = head.search(/<link [^>]*rel="stylesheet"/);
  if (!script || stylesheet < 0 || script.index < stylesheet) return page;
  return Buffer.concat([
    Buffer.from(
      head.slice(0, stylesheet) +
        script[0] +
        head.slice(stylesheet, script.index) +
        head.slice(script.index + script[0].length),
    ),
    page.subarray(headEnd),
  ]);
}
