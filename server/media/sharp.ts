// sharp, loaded at the first image it works on rather than at start-up: loading it (libvips and its bindings)
// takes a few hundred milliseconds that a server starting, or a page that shows no new image, need not wait for.
import type sharpModule from 'sharp';

export type SharpFunction = typeof sharpModule;

let loading: Promise<SharpFunction> | undefined;

export function loadSharp(): Promise<SharpFunction> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
