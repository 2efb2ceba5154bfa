import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import { SECTION_IDS, type SectionId } from '../content/schema.js';
import { isSectionId, parseSection, type SectionProblem } from '../content/sections.js';
import { readPublishedVersions } from '../db/content-versions.js';
import type { ContentService } from './content.js';

/** What `npm run content -- export` writes: every section's published document, named and dated. */
export interface ContentExport {
  format: 'community-site-content';
  formatVersion: 1;
  exportedAt: string;
  sections: Partial<Record<SectionId, unknown>>;
}

export const EXPORT_FORMAT = 'community-site-content';

/** The published document of every section, as the site shows it now. */
export async function exportContent(db: Knex, now = new Date()): Promise<ContentExport> {
  const versions = await readPublishedVersions(db);
  const sections: Partial<Record<SectionId, unknown>> = {};
  for (const id of SECTION_IDS) {
    const version = versions.find((candidate) => candidate.section === id);
    if (version) sections[id] = version.data;
  }
  return { format: EXPORT_FORMAT, formatVersion: 1, exportedAt: now.toISOString(), sections };
}

/** One problem of an import: the section (or the file itself) and what is wrong, by path. */
export interface ImportProblem extends SectionProblem {
  section: string;
}

export interface ImportOutcome {
  problems: ImportProblem[];
  /** Sections whose document differs from the latest version: saved as drafts unless this was a dry run. */
  changed: SectionId[];
  /** The draft versions saved, by section (empty on a dry run or when anything was wrong). */
  saved: Partial<Record<SectionId, number>>;
}

/**
 * Checks a content file and, when every section in it is valid and this is not a dry run, saves each section that
 * differs from its latest version as a new draft: an import is never published by itself. Nothing is saved when any
 * problem is found, so a file lands whole or not at all.
 */
export async function importContent(
  service: ContentService,
  file: unknown,
  options: { dryRun: boolean; by?: string },
): Promise<ImportOutcome> {
  const problems: ImportProblem[] = [];
  const document = file as Partial<ContentExport> | null;
  if (!document || typeof document !== 'object' || document.format !== EXPORT_FORMAT) {
    problems.push({
      section: '(file)',
      path: 'format',
      message: `must be "${EXPORT_FORMAT}" (a file npm run content -- export wrote)`,
    });
    return { problems, changed: [], saved: {} };
  }
  const sections = document.sections;
  if (!sections || typeof sections !== 'object') {
    problems.push({ section: '(file)', path: 'sections', message: 'must be an object of section documents' });
    return { problems, changed: [], saved: {} };
  }
  const valid: Partial<Record<SectionId, unknown>> = {};
  for (const [id, data] of Object.entries(sections)) {
    if (!isSectionId(id)) {
      problems.push({ section: id, path: '', message: `is not a content section (${SECTION_IDS.join(', ')})` });
      continue;
    }
    const parsed = parseSection(id, data);
    if (parsed.ok) valid[id] = parsed.data;
    else problems.push(...parsed.problems.map((problem) => ({ section: id, ...problem })));
  }
  const changed: SectionId[] = [];
  const bases: Partial<Record<SectionId, number>> = {};
  for (const id of Object.keys(valid) as SectionId[]) {
    const view = await service.view(id);
    if (!view) continue;
    const latest = view.draft ?? view.published;
    if (isDeepStrictEqual(latest.data, valid[id])) continue;
    changed.push(id);
    bases[id] = latest.version;
  }
  if (problems.length > 0 || options.dryRun) return { problems, changed, saved: {} };
  const saved: Partial<Record<SectionId, number>> = {};
  for (const id of changed) {
    const result = await service.saveDraft(id, valid[id], bases[id]!, options.by ?? 'import');
    if (result.ok) saved[id] = result.value.version;
    else if (result.status === 400) problems.push(...result.problems.map((problem) => ({ section: id, ...problem })));
    else problems.push({ section: id, path: '', message: 'changed while importing; run the import again' });
  }
  return { problems, changed, saved };
}
