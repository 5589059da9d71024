// An HTML code editor without a dependency: a plain textarea (so typing, undo, selection, paste and assistive
// technology all work as in any field) over a highlighted copy of its text, scrolled with it. Site Assets.
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#app/lib/cn.ts';

type Kind = 'tag' | 'attr' | 'value' | 'comment' | 'text' | 'raw';
export type HtmlToken = { kind: Kind; text: string };

const COLOURS: Record<Kind, string> = {
  tag: 'text-sky-700 dark:text-sky-300',
  attr: 'text-amber-700 dark:text-amber-300',
  value: 'text-emerald-700 dark:text-emerald-300',
  comment: 'text-neutral-400 italic dark:text-neutral-500',
  text: 'text-neutral-900 dark:text-neutral-100',
  raw: 'text-violet-800 dark:text-violet-200',
};

/** Splits HTML into tokens for colouring: tags, attribute names and values, comments, text, script/style bodies. */
export function tokenizeHtml(source: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  const push = (kind: Kind, text: string) => {
    if (text) tokens.push({ kind, text });
  };
  let at = 0;
  while (at < source.length) {
    if (source.startsWith('<!--', at)) {
      const end = source.indexOf('-->', at + 4);
      const stop = end === -1 ? source.length : end + 3;
      push('comment', source.slice(at, stop));
      at = stop;
      continue;
    }
    const open = /^<\/?[A-Za-z][\w:-]*/.exec(source.slice(at, at + 64));
    if (!open) {
      const next = source.indexOf('<', at + 1);
      const stop = next === -1 ? source.length : next;
      push('text', source.slice(at, stop));
      at = stop;
      continue;
    }
    push('tag', open[0]);
    at += open[0].length;
    // The attributes, up to the tag's end.
    const attributes = /\s+|[^\s=>/"']+|=|"[^"]*"?|'[^']*'?|\/?>|\//y;
    attributes.lastIndex = at;
    let match: RegExpExecArray | null;
    let closed = false;
    while (!closed && (match = attributes.exec(source))) {
      const text = match[0];
      if (text.endsWith('>')) {
        push('tag', text);
        closed = true;
      } else if (/^\s/.test(text) || text === '=' || text === '/') push('text', text);
      else if (/^["']/.test(text) || tokens.at(-1)?.text === '=') push('value', text);
      else push('attr', text);
      at = attributes.lastIndex;
    }
    // A script's or a style's body is raw text up to its end tag.
    const name = open[0].slice(1).toLowerCase();
    if (closed && (name === 'script' || name === 'style')) {
      const end = source.toLowerCase().indexOf(`</${name}`, at);
      const stop = end === -1 ? source.length : end;
      push('raw', source.slice(at, stop));
      at = stop;
    }
  }
  return tokens;
}

function highlight(source: string): ReactNode {
  return tokenizeHtml(source).map((token, index) => (
    <span key={index} className={COLOURS[token.kind]}>
      {token.text}
    </span>
  ));
}

const SHARED =
  'm-0 border-0 px-3 py-2.5 font-mono text-[13px] leading-5 tracking-normal whitespace-pre [tab-size:2]';

export function CodeEditor({
  className,
  value,
  onChange,
  rows = 12,
  ...props
}: Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'children'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  const layer = useRef<HTMLPreElement>(null);
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-lg border border-neutral-300 bg-white focus-within:border-primary-500 focus-within:ring-2 focus-within:ring-primary-500/30 dark:border-neutral-700 dark:bg-neutral-950',
        className,
      )}
    >
      <pre
        ref={layer}
        aria-hidden
        className={cn(SHARED, 'pointer-events-none absolute inset-0 overflow-hidden')}
      >
        {highlight(value)}
        {/* A last empty line has a height too. */}
        {'\n '}
      </pre>
      <textarea
        {...props}
        rows={rows}
        value={value}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        onChange={(event) => onChange(event.currentTarget.value)}
        onScroll={(event) => {
          if (!layer.current) return;
          layer.current.scrollTop = event.currentTarget.scrollTop;
          layer.current.scrollLeft = event.currentTarget.scrollLeft;
        }}
        className={cn(
          SHARED,
          'relative block w-full resize-y overflow-auto bg-transparent text-transparent caret-neutral-900 placeholder:text-neutral-400 dark:placeholder:text-neutral-500 outline-none selection:bg-primary-500/30 dark:caret-white',
        )}
      />
    </div>
  );
}
