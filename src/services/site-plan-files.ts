import type { Knex } from 'knex';
import { listSitePlanFiles, type SitePlanFile } from '../db/site-plan-files.js';

/**
 * The site-plan files kept in the database (migration 20261128020100), held in memory like the content and read
 * again when the shared revision moves: the lot outlines are read synchronously when a content revision is first
 * drawn (content/lot-outlines.ts), and the files are served from here.
 */
export class SitePlanFiles {
  private files: ReadonlyMap<string, SitePlanFile> = new Map();

  constructor(private readonly db: Knex) {}

  async load(): Promise<void> {
    this.files = new Map((await listSitePlanFiles(this.db)).map((file) => [file.path, file]));
  }

  get(path: string): SitePlanFile | undefined {
    return this.files.get(path);
  }
}
