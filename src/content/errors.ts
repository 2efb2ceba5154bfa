/** Content that cannot run the site; start-up stops with this message, which names the field or file. */
export class ContentError extends Error {
  override name = 'ContentError';
}
