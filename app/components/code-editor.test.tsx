import { describe, expect, it } from 'vitest';
import { tokenizeHtml } from './code-editor.tsx';

describe('tokenizeHtml', () => {
  it('gives back the text it was given, whatever it is', () => {
    for (const source of [
      '<!-- tag --><script async src="https://a.example/t.js"></script>\n<style>a{b:c}</style>',
      '<link rel=stylesheet href=\'x.css\'><div onclick="a()">hi</div><p',
      '<!-- unclosed',
      '<script>if (a < b) x();</script',
      'plain < text > & more',
      '',
    ])
      expect(
        tokenizeHtml(source)
          .map((token) => token.text)
          .join(''),
      ).toBe(source);
  });

  it('tells tags, attributes, values, comments and script bodies apart', () => {
    expect(tokenizeHtml('<!--c--><script src=a.js>x<y</script>')).toEqual([
      { kind: 'comment', text: '<!--c-->' },
      { kind: 'tag', text: '<script' },
      { kind: 'text', text: ' ' },
      { kind: 'attr', text: 'src' },
      { kind: 'text', text: '=' },
      { kind: 'value', text: 'a.js' },
      { kind: 'tag', text: '>' },
      { kind: 'raw', text: 'x<y' },
      { kind: 'tag', text: '</script' },
      { kind: 'tag', text: '>' },
    ]);
  });
});
