// A strict little XML reader for tests: throws on anything not well-formed (unbalanced tags, a bare `&` or `<`,
// two roots) and returns the element tree, so sitemap tests check structure instead of matching strings.
export type XmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string) {
  if (raw.includes('<')) throw new Error(`Bare "<" in ${where}`);
  return raw.replace(/&([^;]*);?/g, (match, name: string) => {
    if (!match.endsWith(';')) throw new Error(`Unterminated "&" in ${where}: ${raw}`);
    if (name in ENTITIES) return ENTITIES[name]!;
    if (/^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
    if (/^#x[\da-f]+$/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    throw new Error(`Unknown entity &${name}; in ${where}`);
  });
}

export function parseXml(source: string): XmlElement {
  let rest = source.replace(/^\uFEFF/, '');
  const declaration = /^<\?xml[^?]*\?>\s*/.exec(rest);
  if (declaration) rest = rest.slice(declaration[0].length);
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const token =
    /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/y;
  while (rest.length) {
    token.lastIndex = 0;
    const match = token.exec(rest);
    if (!match) throw new Error(`Not well-formed near: ${rest.slice(0, 60)}`);
    rest = rest.slice(match[0].length);
    const [, closing, name, attributeText, selfClosing, text] = match;
    if (text !== undefined) {
      if (!stack.length) {
        if (text.trim()) throw new Error(`Text outside the root: ${text.slice(0, 40)}`);
        continue;
      }
      stack.at(-1)!.text += decode(text, `<${stack.at(-1)!.name}>`);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of (attributeText ?? '').matchAll(
      /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'[^']*')/g,
    ))
      attributes[key!] = decode(value ?? '', `attribute ${key}`);
    const element: XmlElement = { name: name!, attributes, children: [], text: '' };
    if (stack.length) stack.at(-1)!.children.push(element);
    else if (root) throw new Error('Two root elements');
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error('No root element');
  return root;
}

/** The text of each direct child element named `name`. */
export const childTexts = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === name).map((child) => child.text);
