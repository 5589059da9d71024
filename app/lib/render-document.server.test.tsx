// The page rendered whole in one pass, and by the streaming renderer when that pass leaves part of it to the browser
// (decision 077).
import { Suspense, use, type ReactNode } from 'react';
import type { EntryContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { readHydrationData, renderDocument, renderStreamed } from './render-document.server.tsx';

const options = (onError = vi.fn()) => ({ nonce: 'n0nce', timeoutMs: 2000, onError });

function Page({ children }: { children: ReactNode }) {
  return (
    <html lang="vi">
      <head>
        <title>Phim</title>
      </head>
      <body>
        <h1>Xin chào</h1>
        <Suspense fallback={null}>{children}</Suspense>
      </body>
    </html>
  );
}

function Broken(): ReactNode {
  throw new Error('a row could not render');
}

describe('renderDocument', () => {
  it('renders the page whole, with its doctype, as the streaming renderer would', async () => {
    const tree = (
      <Page>
        <p>Người Nhện &amp; bạn bè</p>
      </Page>
    );
    const onError = vi.fn();
    const page = (await renderDocument(tree, options(onError))).toString();
    expect(page).toBe((await renderStreamed(tree, options())).toString());
    expect(page.startsWith('<!DOCTYPE html><html lang="vi">')).toBe(true);
    expect(page).toContain('<p>Người Nhện &amp; bạn bè</p>');
    expect(onError).not.toHaveBeenCalled();
  });

  it('waits for a part that suspends instead of leaving it to the browser', async () => {
    const later = new Promise<string>((resolve) => setTimeout(() => resolve('Tập 12'), 20));
    function Later() {
      return <p>{use(later)}</p>;
    }
    const page = (
      await renderDocument(
        <Page>
          <Later />
        </Page>,
        options(),
      )
    ).toString();
    expect(page).toContain('<p>Tập 12</p>');
    expect(page).not.toContain('<!--$!-->');
  });

  it('reports an error inside a boundary, and still sends the rest of the page', async () => {
    const onError = vi.fn();
    const page = (
      await renderDocument(
        <Page>
          <Broken />
        </Page>,
        options(onError),
      )
    ).toString();
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'a row could not render' }),
    );
    expect(page).toContain('<h1>Xin chào</h1>');
  });

  it('fails for an error outside every boundary, for the error page to be rendered', async () => {
    await expect(
      renderDocument(
        <html lang="vi">
          <body>
            <Broken />
          </body>
        </html>,
        options(),
      ),
    ).rejects.toThrow('a row could not render');
  });
});

describe('readHydrationData', () => {
  const contextWith = (chunks: string[], failAfter?: number) => {
    const encoder = new TextEncoder();
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (failAfter !== undefined && sent === failAfter) controller.error(new Error('timed out'));
        else if (sent < chunks.length) controller.enqueue(encoder.encode(chunks[sent++]));
        else controller.close();
      },
    });
    return { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
  };

  it('keeps every chunk where React Router looks for it, and leaves the stream unlocked', async () => {
    const context = contextWith(['[{"_1":2},"loaderData"]\n', 'P1:[3]\n']);
    await readHydrationData(context);
    const cache = context.renderMeta!.streamCache!;
    expect(Object.keys(cache)).toEqual(['0', '1', '2']);
    expect(cache[0]!.result).toEqual({ done: false, value: '[{"_1":2},"loaderData"]\n' });
    expect(cache[1]!.result).toEqual({ done: false, value: 'P1:[3]\n' });
    expect(cache[2]!.result).toEqual({ done: true, value: '' });
    expect(context.serverHandoffStream!.locked).toBe(false);
  });

  it('keeps a failed read as the error React Router throws', async () => {
    const context = contextWith(['[1]\n', 'never'], 1);
    await readHydrationData(context);
    const cache = context.renderMeta!.streamCache!;
    expect(cache[0]!.result?.value).toBe('[1]\n');
    expect(cache[1]!.error).toEqual(new Error('timed out'));
  });
});
