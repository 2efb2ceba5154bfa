// s3rver ships no types; this is the part of its API the tests use (lib/s3rver.js).
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory: string;
    silent?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    configureBuckets(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(
      event: 'event',
      listener: (event: { Records: Array<{ eventName: string; s3: { object: { key: string } } }> }) => void,
    ): this;
    logger: { close(): void };
  }
}
