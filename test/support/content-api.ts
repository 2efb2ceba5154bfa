import type { Staff } from './staff.js';

/** A content section as GET /admin/content/<id>.json answers it (contract, wave 3). */
export interface SectionState {
  section: string;
  published: { version: number; data: Record<string, unknown> };
  draft: { version: number; data: Record<string, unknown> } | null;
}

/** A JSON call of the content API as a signed-in staff member's page makes it (same origin, CSRF token). */
export function contentCall(baseUrl: string, staff: Staff, method: string, path: string, body?: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      Origin: baseUrl,
      Cookie: staff.cookie,
      'X-CSRF-Token': staff.token,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function sectionState(baseUrl: string, staff: Staff, id: string): Promise<SectionState> {
  const response = await contentCall(baseUrl, staff, 'GET', `/admin/content/${id}.json`);
  if (response.status !== 200) throw new Error(`GET /admin/content/${id}.json answered ${response.status}`);
  return (await response.json()) as SectionState;
}

/**
 * PUT /admin/content/<id>/draft with `change` applied to the latest version's data, then, when the save is
 * accepted, POST …/publish of the new draft. Both answers, for the test to judge.
 */
export async function saveAndPublish(
  baseUrl: string,
  staff: Staff,
  id: string,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<{ save: Response; publish?: Response }> {
  const state = await sectionState(baseUrl, staff, id);
  const base = state.draft ?? state.published;
  const data = change(structuredClone(base.data));
  const save = await contentCall(baseUrl, staff, 'PUT', `/admin/content/${id}/draft`, {
    data,
    baseVersion: base.version,
  });
  if (save.status !== 200) return { save };
  const { version } = (await save.clone().json()) as { version: number };
  const publish = await contentCall(baseUrl, staff, 'POST', `/admin/content/${id}/publish`, { version });
  return { save, publish };
}
