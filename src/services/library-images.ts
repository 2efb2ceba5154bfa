import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { readLibraryImageVariants } from '../db/uploaded-images.js';
import type { ImageManifest } from '../render/asset-manifest.js';

/** The file library's images as pages draw them: by the lasting address content stores. */
export interface LibraryImageSource {
  manifest(): ImageManifest;
  reload(): Promise<void>;
}

/**
 * The responsive variants of every library image, held in memory by its lasting address (/files/<id>/<name>), so a
 * content image (a promotion's, a plan's cover) is drawn with its sizes and srcsets instead of a redirect of unknown
 * shape. Read at start, by the file library when it adds or replaces an image, and on every instance when the
 * shared revision moves (another instance's publish or replacement).
 */
export class LibraryImages implements LibraryImageSource {
  private byAddress: ImageManifest = {};

  constructor(
    private readonly db: Knex,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  async load(): Promise<void> {
    this.byAddress = await readLibraryImageVariants(this.db);
  }

  /** As load; a failure keeps the images read before and is logged. */
  async reload(): Promise<void> {
    try {
      await this.load();
    } catch (error) {
      this.logger.error({ err: error }, 'library images could not be re-read; the earlier ones stay in use');
    }
  }

  manifest(): ImageManifest {
    return this.byAddress;
  }
}
