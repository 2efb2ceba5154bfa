import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded when an image is first read or encoded rather than when the server starts: only staff uploads and
 * the build use it, and loading its native library is about a sixth of a start's CPU time.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
