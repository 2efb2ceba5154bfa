import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { ContentSource } from '../../content/content-source.js';
import { listAssignableAccounts, listTeam, isActive } from '../../db/users.js';
import { countOpenLeads } from '../../services/lead-handover.js';
import type { Renderer } from '../../render/renderer.js';
import {
  changeMember,
  invite,
  listPendingInvitations,
  parseInvitation,
  revokeInvitation,
  parseMemberChange,
  resetTwoFactor,
  setTwoFactorRequired,
  TeamError,
  twoFactorRequired,
} from '../../services/team.js';
import type { EditorNotice } from '../../shared/editor-notice.js';
import { isRole } from '../../shared/permissions.js';
import { formatInTimeZone } from '../../shared/time-zone.js';
import { TeamPage, type TeamMemberView } from '../../../views/admin/TeamPage.js';
import { autoAssignOn, setAutoAssign } from '../../services/lead-assignment.js';
import { actorOf } from '../audit.js';
import { acceptsJson } from '../client-wants.js';
import { answersWithPage, jsonOrForm } from './form-or-json.js';
import type { Reauth } from './reauth.js';
import { staffOf, staffPage } from './staff-page.js';
import type { CommunityDirectory } from '../../services/community-directory.js';
import { changeAccountCommunities, parseCommunityChoice, slugsOf } from '../../services/account-communities.js';
import { limitedCommunityIds, type CommunityIds } from '../../db/user-communities.js';

export interface TeamDeps {
  db: Knex;
  content: ContentSource;
  renderer: Renderer;
  /** Staff e-mail is configured: invitations are e-mailed too. */
  mail: boolean;
  /** Nudges the staff mail worker after a letter is stored. */
  mailStored(): void;
  /** The absolute origin links are built on. */
  origin(req: Request): string;
  /** The owner's own password, asked again before resetting a colleague's two-factor (decision 042's count). */
  reauth: Reauth;
  /** The install's communities: an account is given all or some (wave 4, "Staff in their communities"). */
  communities?: CommunityDirectory;
}

/** Form fields arrive as text; a JSON call sends booleans. `_csrf` is the form's token, not a change. */
function withoutToken(body: unknown): Record<string, unknown> {
  const { _csrf: _token, ...rest } = (body ?? {}) as Record<string, unknown>;
  for (const key of ['active', 'required', 'enabled']) {
    if (rest[key] === 'true') rest[key] = true;
    else if (rest[key] === 'false') rest[key] = false;
  }
  return rest;
}

/**
 * The owner's team: accounts, roles, deactivation, invitations, the two-factor requirement and the lead rotation
 * (owner only).
 */
export function createTeamRouter(deps: TeamDeps): Router {
  const { db, content, renderer } = deps;
  const zone = () => content.published().community.timeZone;
  const router = Router();

  async function members(): Promise<TeamMemberView[]> {
    const rows = await listTeam(db);
    const limited = await limitedCommunityIds(db);
    const all = deps.communities?.all() ?? [];
    const openLeads = new Map<string, number>();
    for (const row of rows) if (isActive(row)) openLeads.set(row.username, await countOpenLeads(db, row.username));
    return rows.map((row) => ({
      username: row.username,
      role: isRole(row.role) ? row.role : 'sales',
      active: isActive(row),
      twoFactor: row.totp_secret !== null || Number(row.passkeys) > 0,
      lastSignIn: row.last_sign_in_at ? formatInTimeZone(row.last_sign_in_at, zone()) : null,
      email: row.email,
      openLeads: openLeads.get(row.username) ?? 0,
      displayName: row.display_name || row.username,
      communities: slugsOf(limited.get(Number(row.id)) ?? 'all', all),
    }));
  }

  async function renderTeam(
    req: Request,
    res: Response,
    extra: {
      status?: number;
      notice?: EditorNotice;
      link?: string;
      invitation?: { email: string; role: string; errors: Record<string, string> };
      /** A refused two-factor reset: whose, and the message under that form's password field. */
      resetRefused?: { username: string; password: string };
    } = {},
  ) {
    const [team, waiting, required, autoAssign] = await Promise.all([
      members(),
      listPendingInvitations(db),
      twoFactorRequired(db),
      autoAssignOn(db),
    ]);
    res.status(extra.status ?? 200).send(
      renderer.page(
        <TeamPage
          communityName={content.published().community.name}
          staff={staffOf(req)}
          members={team}
          invitations={waiting.map((row) => ({
            id: row.id,
            email: row.email,
            role: row.role,
            invitedBy: row.invitedBy,
            expires: formatInTimeZone(row.expiresAt, zone()),
          }))}
          twoFactorRequired={required}
          autoAssign={autoAssign}
          mail={deps.mail}
          notice={extra.notice}
          link={extra.link}
          invitation={extra.invitation}
          resetRefused={extra.resetRefused}
          leadTakers={await listAssignableAccounts(db)}
          autoAssignDefault={autoAssign}
          communities={(deps.communities?.all() ?? []).map(({ slug, name }) => ({ slug, name }))}
        />,
        staffPage(req, 'Team'),
      ),
    );
  }

  const teamJson = async (_req: Request, res: Response) => {
    res.json({
      accounts: (await members()).map((member) => ({
        username: member.username,
        displayName: member.displayName,
        role: member.role,
        active: member.active,
        twoFactor: member.twoFactor,
        lastSignIn: member.lastSignIn,
        communities: member.communities,
      })),
      autoAssign: await autoAssignOn(db),
      invitations: (await listPendingInvitations(db)).map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        invitedBy: row.invitedBy,
        expires: row.expiresAt,
      })),
    });
  };

  router.get('/team', (req, res) => (acceptsJson(req) ? teamJson(req, res) : renderTeam(req, res)));
  router.get('/team.json', teamJson);

  router.post('/team/invitations', ...jsonOrForm, async (req, res) => {
    const page = answersWithPage(req);
    const body = withoutToken(req.body);
    const parsed = parseInvitation(body);
    if (parsed instanceof TeamError) {
      if (!page) return res.status(400).json({ error: parsed.message, fields: parsed.fields });
      return renderTeam(req, res, {
        status: 400,
        invitation: { email: String(body.email ?? ''), role: String(body.role ?? ''), errors: parsed.fields },
        notice: { kind: 'error', text: `Not invited: ${parsed.message}` },
      });
    }
    let communities: CommunityIds | undefined;
    if (body.communities !== undefined) {
      const choice = parseCommunityChoice(body.communities, deps.communities?.all() ?? []);
      if (!choice.ok) {
        if (!page) return res.status(400).json({ error: choice.message, fields: { communities: choice.message } });
        return renderTeam(req, res, {
          status: 400,
          invitation: {
            email: String(body.email ?? ''),
            role: String(body.role ?? ''),
            errors: { communities: choice.message },
          },
          notice: { kind: 'error', text: `Not invited: ${choice.message}` },
        });
      }
      communities = choice.ids;
    }
    const { link } = await invite(db, { ...parsed, ...(communities ? { communities } : {}) }, actorOf(req), {
      origin: deps.origin(req),
      communityName: content.published().community.name,
      mail: deps.mail,
    });
    deps.mailStored();
    if (!page) return res.status(201).json({ link });
    await renderTeam(req, res, {
      status: 201,
      link,
      notice: {
        kind: 'success',
        text: `${parsed.email} is invited as ${parsed.role}${deps.mail ? '; the e-mail is on its way' : ''}.`,
      },
    });
  });

  // An owner withdraws an invitation that waits for an answer: its link answers 410 from now on.
  router.post('/team/invitations/:id/revoke', ...jsonOrForm, async (req, res) => {
    const id = /^[1-9]\d{0,9}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
    try {
      const revoked = await revokeInvitation(db, id, actorOf(req));
      if (!answersWithPage(req)) return res.json({ revoked: { id: revoked.id, email: revoked.email } });
      await renderTeam(req, res, {
        notice: { kind: 'success', text: `The invitation of ${revoked.email} is withdrawn: its link no longer works.` },
      });
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      if (!answersWithPage(req)) return res.status(error.status).json({ error: error.message });
      await renderTeam(req, res, {
        status: error.status,
        notice: { kind: 'error', text: `Not withdrawn: ${error.message}` },
      });
    }
  });

  router.post('/team/two-factor-requirement', ...jsonOrForm, async (req, res) => {
    const { required } = withoutToken(req.body);
    if (typeof required !== 'boolean') return res.status(400).json({ error: 'Send {"required": true | false}.' });
    // The owner would lock themselves out of this page: they set up their own first.
    if (required && !req.user!.twoFactor) {
      const text = 'Set up two-factor on your own account first, then require it for everyone.';
      if (!answersWithPage(req)) return res.status(409).json({ error: text });
      return renderTeam(req, res, { status: 409, notice: { kind: 'error', text } });
    }
    await setTwoFactorRequired(db, required, actorOf(req));
    if (!answersWithPage(req)) return res.json({ required });
    await renderTeam(req, res, {
      notice: {
        kind: 'success',
        text: required ? 'Two-factor is now required for everyone.' : 'Two-factor is no longer required.',
      },
    });
  });

  // New leads given out in turn among the active sales accounts (issue 30), off by default.
  router.post('/team/auto-assign', ...jsonOrForm, async (req, res) => {
    const { enabled } = withoutToken(req.body);
    if (typeof enabled !== 'boolean') {
      const text = 'Send {"enabled": true | false}.';
      if (!answersWithPage(req)) return res.status(400).json({ error: text });
      return renderTeam(req, res, { status: 400, notice: { kind: 'error', text } });
    }
    await setAutoAssign(db, enabled, actorOf(req));
    if (!answersWithPage(req)) return res.json({ enabled });
    await renderTeam(req, res, {
      notice: {
        kind: 'success',
        text: enabled
          ? 'New leads are now given out in turn among the active sales accounts.'
          : 'New leads are no longer given out: they arrive without an owner.',
      },
    });
  });

  /**
   * A colleague lost their phone (and recovery codes): the owner resets their two-factor, with the owner's own
   * password asked again (decision 042: counted per account, a wrong one is an audit row and changes nothing).
   */
  router.post('/team/:username/two-factor/reset', ...jsonOrForm, deps.reauth.limit, async (req, res) => {
    const username = String(req.params.username);
    const password = (req.body as Record<string, unknown> | undefined)?.password;
    const refusal = await deps.reauth.check(req, res, password, `two-factor-reset:${username}`.slice(0, 100));
    if (refusal) {
      if (!answersWithPage(req))
        return res.status(refusal.status).json({ error: refusal.text, fields: { password: refusal.text } });
      return renderTeam(req, res, {
        status: refusal.status,
        resetRefused: { username, password: refusal.text },
        notice: { kind: 'error', text: `Not reset: ${refusal.text}` },
      });
    }
    try {
      const reset = await resetTwoFactor(db, username, actorOf(req));
      if (!answersWithPage(req)) return res.json(reset);
      await renderTeam(req, res, {
        notice: {
          kind: 'success',
          text: `The two-factor sign-in of ${reset.username} is reset and every session of it has ended: they sign in with their password and set it up again.`,
        },
      });
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      if (!answersWithPage(req)) return res.status(error.status).json({ error: error.message });
      await renderTeam(req, res, {
        status: error.status,
        notice: { kind: 'error', text: `Not reset: ${error.message}` },
      });
    }
  });

  router.post('/team/:username', ...jsonOrForm, async (req, res, next) => {
    const body = withoutToken(req.body);
    if ('communities' in body || body.change === 'communities') return changeCommunities(req, res).catch(next);
    const page = answersWithPage(req);
    const change = parseMemberChange(withoutToken(req.body));
    try {
      if (change instanceof TeamError) throw change;
      const result = await changeMember(db, String(req.params.username), change, actorOf(req));
      if (!page) return res.json(result);
      await renderTeam(req, res, {
        notice: {
          kind: 'success',
          text:
            ('role' in change
              ? `${result.username} is now ${result.role}.`
              : `${result.username} is ${result.active ? 'active again' : 'deactivated: every session of it has ended'}.`) +
            (result.leadsHandedOver
              ? ` ${result.leadsHandedOver} open ${result.leadsHandedOver === 1 ? 'lead' : 'leads'} moved as you chose.`
              : ''),
        },
      });
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      if (!page) return res.status(error.status).json({ error: error.message });
      await renderTeam(req, res, {
        status: error.status,
        notice: { kind: 'error', text: `Not changed: ${error.message}` },
      });
    }
  });

  /** `{"communities": "all" | ["a", "b"]}`, or the team page's checkboxes (owners always have all). */
  async function changeCommunities(req: Request, res: Response) {
    const page = answersWithPage(req);
    const all = deps.communities?.all() ?? [];
    const choice = parseCommunityChoice(withoutToken(req.body).communities, all);
    const refuse = async (status: number, message: string) => {
      if (!page) return void res.status(status).json({ error: message });
      await renderTeam(req, res, { status, notice: { kind: 'error', text: `Not changed: ${message}` } });
    };
    if (!choice.ok) return refuse(400, choice.message);
    const result = await changeAccountCommunities(db, String(req.params.username), choice.ids, all, actorOf(req));
    if (!result.ok) return refuse(result.status, result.message);
    if (!page) return void res.json({ username: result.username, communities: result.communities });
    const names =
      result.communities === 'all'
        ? 'every community'
        : all
            .filter((community) => result.communities.includes(community.slug))
            .map((c) => c.name)
            .join(', ');
    await renderTeam(req, res, { notice: { kind: 'success', text: `${result.username} now works in ${names}.` } });
  }

  return router;
}
