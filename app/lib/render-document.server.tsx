// The page rendered whole, as one buffer (decision 077). Loaders have finished before the render and no route
// suspends, so the page is first rendered in one synchronous pass to a string (`renderToString`): the streaming
// renderer writes the same markup through a 2 KB view, string by string (`encodeInto`), then through a Node stream,
// which cost a home page about 2 ms of its 12 ms of Node. Whatever that pass cannot do — a component that suspends, an
// error inside a Suspense boundary — it leaves to the browser (`<!--$!-->`) without a word; such a page is rendered
// again by the streaming renderer, which waits for it and reports the error, as every page was before.
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';

/** Where React writes a Suspense boundary it left to the browser: its content suspended or threw. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

export type RenderOptions = {
  nonce: string;
  /** Longest wait for what suspends, in the streaming render. */
  timeoutMs: number;
  /** An error inside a Suspense boundary: the page is still sent, its boundary rendered by the browser. */
  onError: (error: unknown) => void;
};

/**
 * The page of `tree` as HTML, with its doctype. Rejects when the render fails outside every Suspense boundary (the
 * shell), for React Router to render the error page.
 */
export async function renderDocument(
  tree: ReactElement,
  options: RenderOptions,
): Promise<Buffer<ArrayBuffer>> {
  let html: string | null;
  try {
    html = renderToString(tree);
  } catch {
    // A component that suspends outside any boundary, or an error in the shell: the streaming render waits for the
    // one and reports the other.
    html = null;
  }
  if (html !== null && !html.includes(CLIENT_RENDERED_BOUNDARY))
    return Buffer.from(`<!DOCTYPE html>${html}`);
  return renderStreamed(tree, options);
}

/** The page by the streaming renderer alone: it waits for what suspends and reports errors inside boundaries. */
export function renderStreamed(tree: ReactElement, { nonce, timeoutMs, onError }: RenderOptions) {
  return new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    // Errors inside boundaries, reported once the page is whole: an error in the shell is React Router's to report.
    const errors: unknown[] = [];
    // The render's time limit, cleared once the page is whole: no timer outlives its request, holding its render.
    const timeout = setTimeout(() => abort(), timeoutMs);
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    body.on('finish', () => {
      clearTimeout(timeout);
      resolve(Buffer.concat(chunks));
    });
    const { pipe, abort } = renderToPipeableStream(tree, {
      nonce,
      // Every Suspense boundary (HydrateLater, decision 067) written in place: past this many bytes React would write
      // a boundary's content at the end of the page with a script to move it back, for a stream that shows the page
      // before its end, which this whole-buffer render never is.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        for (const error of errors) onError(error);
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        errors.push(error);
      },
    });
  });
}

/**
 * Reads the loader data that React Router encodes for hydration before the render, and leaves it where its
 * `<StreamTransfer>` looks first (`renderMeta.streamCache`, one entry per chunk), so that writing it never suspends
 * the render: read during the render, its first chunk arrived a task later, and the render waited for it.
 * A failed read is left there too, for the component to throw as it would have. Should React Router stop looking
 * there, its pages would lose their data: tests/api/web.test.ts checks that a page carries it.
 */
export async function readHydrationData(context: EntryContext) {
  const { serverHandoffStream: stream, renderMeta } = context;
  if (!stream || !renderMeta || stream.locked) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: NonNullable<typeof renderMeta.streamCache> = {};
  for (let chunk = 0; ; chunk++) {
    try {
      const { done, value } = await reader.read();
      const result = { done, value: decoder.decode(value, { stream: true }) };
      cache[chunk] = Object.assign(Promise.resolve(), { result });
      if (done) break;
    } catch (error) {
      cache[chunk] = Object.assign(Promise.resolve(), { error });
      break;
    }
  }
  reader.releaseLock();
  renderMeta.streamCache = cache;
}
