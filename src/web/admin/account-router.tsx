import { ensureCalendarToken } from '../../db/lead-desk.js';
import { mayVisit } from '../../shared/permissions.js';
import type { CalendarFeedView } from '../../../views/admin/CalendarFeedPanel.js';
import { calendarFeedUrl, newCalendarToken } from './tours-router.js';
import { createReauth, MISSING_PASSWORD, type Reauth, type ReauthRefusal } from './reauth.js';
import type { RateLimitStores } from '../rate-limit-store.js';
import express, { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import QRCode from 'qrcode';
import type { ContentSource } from '../../content/content-source.js';
import { endAccountSessions, listAccountSessions } from '../../db/session-store.js';
import { findUserById } from '../../db/users.js';
import type { Renderer } from '../../render/renderer.js';
import { recordAudit } from '../../services/audit-log.js';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  type RelyingParty,
} from '../../services/passkeys.js';
import {
  changePassword,
  replaceCalendarToken,
  setOwnDisplayName,
  setOwnEmail,
  TeamError,
} from '../../services/team.js';
import {
  confirmTotp,
  disableTotp,
  passSecondStep,
  pendingTotp,
  regenerateRecoveryCodes,
  startTotp,
  unusedRecoveryCodes,
} from '../../services/two-factor.js';
import type { EditorNotice } from '../../shared/editor-notice.js';
import { formatInTimeZone } from '../../shared/time-zone.js';
import { AccountPage, type AccountPageProps, type ReauthForm } from '../../../views/admin/AccountPage.js';
import { actorOf } from '../audit.js';
import { requireCsrfToken } from '../csrf.js';
import { answersWithPage, jsonOrForm } from './form-or-json.js';
import { requireJson } from './require-json.js';
import { staffOf, staffPage } from './staff-page.js';

export interface AccountDeps {
  db: Knex;
  content: ContentSource;
  renderer: Renderer;
  /** The idle timeout: a session's last request was this long before its expiry. */
  sessionIdleMs: number;
  passwordHashCost: number;
  relyingParty(req: Request): RelyingParty;
  /** The public origin, for the team calendar's address (SITE_URL). */
  siteUrl: string;
  /** Wrong current passwords per account per 15 minutes, as for sign-in codes (LOGIN_RATE_LIMIT). */
  loginRateLimit: number;
  rateLimitStores: RateLimitStores;
  /** The re-authentication count, shared with the team page's owner actions (one limit per account). */
  reauth?: Reauth;
}

type PageExtra = Partial<
  Pick<AccountPageProps, 'notice' | 'errors' | 'recoveryCodes' | 'reauth' | 'typedEmail' | 'typedDisplayName'>
> & {
  status?: number;
  enrollError?: string;
};

const MISSING_CODE = 'Enter the code your app shows now, or an unused recovery code.';
const WRONG_CODE = 'That code did not work. Use the code your app shows now, or an unused recovery code.';

function field(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The signed-in person's own account (every role): two-factor (app, passkeys, recovery codes), their sessions,
 * their password and e-mail address. While the owner requires two-factor, this is the one page an account
 * without it reaches (require-permission.ts).
 */
export function createAccountRouter(deps: AccountDeps): Router {
  const { db, content, renderer } = deps;
  const reauth = deps.reauth ?? createReauth(deps);

  /** The team calendar's address for this account (made on first view), when its role sees tours. */
  async function calendarFeedOf(req: Request, mustEnroll: boolean): Promise<CalendarFeedView | undefined> {
    const viewer = staffOf(req);
    // Not while the account must enroll first: the feed carries every buyer's name, phone and e-mail.
    if (mustEnroll || !mayVisit(viewer.role, '/admin/tours')) return undefined;
    const token = await ensureCalendarToken(db, viewer.username, newCalendarToken(), new Date().toISOString());
    return { url: calendarFeedUrl(deps.siteUrl, token), replaceHere: true, replaced: req.query.done === 'calendar' };
  }
  const zone = () => content.published().community.timeZone;
  const issuer = () => content.published().community.name;
  const router = Router();

  async function renderAccount(req: Request, res: Response, extra: PageExtra = {}) {
    const user = req.user!;
    const [row, passkeys, recoveryCodesLeft, sessions, pending] = await Promise.all([
      findUserById(db, user.id),
      listPasskeys(db, user.id),
      unusedRecoveryCodes(db, user.id),
      listAccountSessions(db, user.id, deps.sessionIdleMs),
      pendingTotp(db, user, issuer()),
    ]);
    const app = Boolean(row?.totp_secret);
    // From what is stored now (not the request's start): the answer to a confirmation is the enrolled page.
    const mustEnroll = user.twoFactorRequired && !app && passkeys.length === 0;
    const enrolling = pending
      ? {
          ...pending,
          qrSvg: await QRCode.toString(pending.otpauthUrl, { type: 'svg', margin: 2 }),
          error: extra.enrollError,
        }
      : undefined;
    res.status(extra.status ?? 200).send(
      renderer.page(
        <AccountPage
          communityName={content.published().community.name}
          staff={staffOf(req)}
          email={row?.email ?? null}
          displayName={row?.display_name ?? null}
          app={app}
          passkeys={passkeys.map((passkey) => ({
            id: passkey.id,
            name: passkey.name,
            created: formatInTimeZone(passkey.createdAt, zone()),
            lastUsed: passkey.lastUsedAt ? formatInTimeZone(passkey.lastUsedAt, zone()) : null,
          }))}
          recoveryCodesLeft={recoveryCodesLeft}
          mustEnroll={mustEnroll}
          enrolling={enrolling}
          recoveryCodes={extra.recoveryCodes}
          sessions={sessions.map((session) => ({
            device: session.device,
            address: session.address,
            lastSeen: formatInTimeZone(new Date(session.lastSeenAt).toISOString(), zone()),
            current: session.sid === req.sessionID,
          }))}
          notice={extra.notice}
          errors={extra.errors}
          calendarFeed={await calendarFeedOf(req, mustEnroll)}
          reauth={extra.reauth}
          typedEmail={extra.typedEmail}
          typedDisplayName={extra.typedDisplayName}
        />,
        staffPage(req, 'Your account'),
      ),
    );
  }

  /** A done change: JSON for a call, the page with a notice for a form. */
  const done = (req: Request, res: Response, body: object, notice: EditorNotice, extra: PageExtra = {}) =>
    answersWithPage(req) ? renderAccount(req, res, { notice, ...extra }) : res.json(body);

  router.get('/account', (req, res) => {
    const recoveryCodes = req.session.newRecoveryCodes;
    delete req.session.newRecoveryCodes;
    return renderAccount(req, res, recoveryCodes ? { recoveryCodes } : {});
  });

  /**
   * A sensitive change refused (wrong or missing current password, or a wrong code): nothing changed. JSON
   * `{error, fields}` for a call; for a form, the page again with the message next to the form's own field.
   */
  function refuse(
    req: Request,
    res: Response,
    form: ReauthForm,
    refusal: ReauthRefusal,
    fields: { password?: string; code?: string },
    extra: PageExtra = {},
  ) {
    if (!answersWithPage(req)) return void res.status(refusal.status).json({ error: refusal.text, fields });
    void renderAccount(req, res, { status: refusal.status, reauth: { form, ...fields }, ...extra });
  }

  /** The current password of a sensitive change: undefined when right, or the refusal already answered. */
  async function passwordRefused(req: Request, res: Response, form: ReauthForm, extra: PageExtra = {}) {
    const refusal = await reauth.check(req, res, field(req, 'password'), form);
    if (refusal) refuse(req, res, form, refusal, { password: refusal.text }, extra);
    return refusal !== undefined;
  }

  /**
   * Enrolment asks nothing more (the contract's start and confirm). With the app already on, the same two calls
   * replace it and the recovery codes: a sensitive change, so both take the current password (decision 046).
   */
  async function appIsOn(req: Request): Promise<boolean> {
    return Boolean((await findUserById(db, req.user!.id))?.totp_secret);
  }

  router.post('/account/two-factor/start', ...jsonOrForm, reauth.limit, async (req, res) => {
    if ((await appIsOn(req)) && (await passwordRefused(req, res, 'app-replace'))) return;
    const started = await startTotp(db, req.user!, issuer());
    if (answersWithPage(req)) return renderAccount(req, res);
    res.set('Cache-Control', 'no-store').json(started);
  });

  router.post('/account/two-factor/confirm', ...jsonOrForm, reauth.limit, async (req, res) => {
    const code = (req.body as { code?: unknown } | undefined)?.code;
    const replacing = await appIsOn(req);
    if (replacing && (await passwordRefused(req, res, 'app-replace'))) return;
    const codes = await confirmTotp(db, req.user!.id, code, actorOf(req), { passwordChecked: replacing });
    if (codes === 'password-needed') {
      // The app was turned on by another request since this one looked: ask again, with the password.
      return refuse(req, res, 'app-replace', { status: 400, text: MISSING_PASSWORD }, { password: MISSING_PASSWORD });
    }
    if (!codes) {
      const text = 'That code did not match. Enter the code the app shows now (after scanning the newest QR code).';
      if (answersWithPage(req)) return renderAccount(req, res, { status: 400, enrollError: text });
      return res.status(400).json({ error: text });
    }
    await done(
      req,
      res,
      { recoveryCodes: codes },
      { kind: 'success', text: replacing ? 'The authenticator app is replaced.' : 'Two-factor sign-in is on.' },
      { recoveryCodes: codes },
    );
  });

  router.post('/account/two-factor/recovery-codes', ...jsonOrForm, reauth.limit, async (req, res) => {
    if (!req.user!.twoFactor) return res.status(409).json({ error: 'Turn two-factor on first.' });
    if (await passwordRefused(req, res, 'recovery-codes')) return;
    const codes = await regenerateRecoveryCodes(db, req.user!.id, actorOf(req));
    await done(
      req,
      res,
      { recoveryCodes: codes },
      { kind: 'success', text: 'New recovery codes: the old ones no longer work.' },
      { recoveryCodes: codes },
    );
  });

  /**
   * Turning the app off takes the current password and a code from the app (or an unused recovery code): the
   * factor that goes is proved once more, so a session and a phished password alone cannot remove it.
   */
  router.post('/account/two-factor/disable', ...jsonOrForm, reauth.limit, async (req, res) => {
    const row = await findUserById(db, req.user!.id);
    if (!row?.totp_secret) return res.status(409).json({ error: 'The authenticator app is not on.' });
    const typedCode = field(req, 'code').trim();
    const refusal = await reauth.check(req, res, field(req, 'password'), 'app-off');
    if (refusal) {
      const code = refusal.status === 400 && typedCode === '' ? MISSING_CODE : undefined;
      return refuse(req, res, 'app-off', refusal, { password: refusal.text, ...(code && { code }) });
    }
    if (!(await passSecondStep(db, req.user!.id, typedCode))) {
      if (typedCode !== '') reauth.fail(req, res);
      const text = typedCode === '' ? MISSING_CODE : WRONG_CODE;
      return refuse(req, res, 'app-off', { status: 400, text }, { code: text });
    }
    await disableTotp(db, req.user!.id, actorOf(req));
    await done(req, res, { ok: true }, { kind: 'success', text: 'The authenticator app is turned off.' });
  });

  router.post('/account/passkeys/options', requireCsrfToken, async (req, res) => {
    const options = await registrationOptions(db, req.user!, deps.relyingParty(req));
    req.session.passkeyChallenge = options.challenge;
    res.set('Cache-Control', 'no-store').json({ options });
  });

  router.post(
    '/account/passkeys',
    requireJson,
    express.json({ limit: '20kb', strict: true }),
    requireCsrfToken,
    async (req, res) => {
      const challenge = req.session.passkeyChallenge;
      delete req.session.passkeyChallenge;
      const body = (req.body ?? {}) as { response?: unknown; name?: unknown };
      if (!challenge) return res.status(400).json({ error: 'Start again: ask for the passkey options first.' });
      const added = await addPasskey(
        db,
        req.user!.id,
        { response: body.response, name: typeof body.name === 'string' ? body.name : '', challenge },
        deps.relyingParty(req),
        actorOf(req),
      );
      if (!added) return res.status(400).json({ error: 'The passkey could not be verified.' });
      // The account's first and only second factor brings recovery codes, shown once on the page loaded next.
      if (added.recoveryCodes) req.session.newRecoveryCodes = added.recoveryCodes;
      // A new address (not only a new #fragment), so the browser loads the page again and lists the passkey.
      res.status(201).json({
        redirect: '/admin/account?passkey=added#two-factor',
        ...(added.recoveryCodes && { recoveryCodes: added.recoveryCodes }),
      });
    },
  );

  router.post('/account/passkeys/:id/delete', ...jsonOrForm, reauth.limit, async (req, res) => {
    const id = /^[1-9]\d{0,9}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
    if (await passwordRefused(req, res, `passkey-${id}`)) return;
    if (!(await removePasskey(db, req.user!.id, id, actorOf(req))))
      return res.status(404).json({ error: 'No such passkey.' });
    await done(req, res, { ok: true }, { kind: 'success', text: 'The passkey is removed.' });
  });

  router.post('/account/sessions/end-others', ...jsonOrForm, async (req, res) => {
    const ended = await endAccountSessions(db, req.user!.id, req.sessionID);
    await recordAudit(db, {
      actor: req.user!.username,
      ip: req.ip,
      action: 'account.sessions-ended',
      target: req.user!.username,
      details: { sessions: ended },
    });
    await done(
      req,
      res,
      { ended },
      { kind: 'success', text: `Signed out everywhere else (${ended} ${ended === 1 ? 'session' : 'sessions'}).` },
    );
  });

  router.post('/account/password', ...jsonOrForm, reauth.limit, async (req, res) => {
    const limited: unknown = res.locals.reauthLimited;
    if (typeof limited === 'string') {
      if (!answersWithPage(req)) return res.status(429).json({ error: limited, fields: { current: limited } });
      return renderAccount(req, res, { status: 429, errors: { current: limited } });
    }
    try {
      await changePassword(
        db,
        req.user!.id,
        { current: field(req, 'current'), password: field(req, 'password') },
        { ip: req.ip ?? '', cost: deps.passwordHashCost, keepSid: req.sessionID },
      );
      await done(
        req,
        res,
        { ok: true },
        { kind: 'success', text: 'Your password is changed; every other session has ended.' },
      );
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      // A wrong current password counts against the limit like any other re-authentication.
      if (error.fields.current && field(req, 'current') !== '') reauth.fail(req, res);
      if (!answersWithPage(req)) return res.status(error.status).json({ error: error.message, fields: error.fields });
      await renderAccount(req, res, { status: error.status, errors: error.fields });
    }
  });

  router.post('/account/email', ...jsonOrForm, reauth.limit, async (req, res) => {
    const typedEmail = field(req, 'email');
    if (await passwordRefused(req, res, 'email', { typedEmail })) return;
    try {
      await setOwnEmail(db, req.user!.id, typedEmail, actorOf(req));
      await done(req, res, { ok: true }, { kind: 'success', text: 'Your e-mail address is saved.' });
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      if (!answersWithPage(req)) return res.status(error.status).json({ error: error.message, fields: error.fields });
      await renderAccount(req, res, { status: error.status, errors: error.fields, typedEmail });
    }
  });

  // One's display name: how the team page lists one and how replies to buyers are signed. Not sensitive (it
  // grants nothing), so no password is asked; it is audited like every account change.
  router.post('/account/display-name', ...jsonOrForm, async (req, res) => {
    const typedDisplayName = field(req, 'displayName');
    try {
      await setOwnDisplayName(db, req.user!.id, typedDisplayName, actorOf(req));
      await done(req, res, { ok: true }, { kind: 'success', text: 'Your display name is saved.' });
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      if (!answersWithPage(req)) return res.status(error.status).json({ error: error.message, fields: error.fields });
      await renderAccount(req, res, { status: error.status, errors: error.fields, typedDisplayName });
    }
  });

  // The calendar address's token, replaced (contract: "shown on /admin/account, and can be replaced there"): the
  // old address stops working at once. For the roles that see tours (the permission table). No password asked: the
  // session already sees the address, and replacing it is what to do when it leaked, so nothing is in the way.
  router.post('/account/calendar-token', ...jsonOrForm, async (req, res) => {
    const token = newCalendarToken();
    await replaceCalendarToken(db, req.user!.username, token, actorOf(req));
    if (!answersWithPage(req)) return void res.status(201).json({ url: calendarFeedUrl(deps.siteUrl, token) });
    res.redirect(303, '/admin/account?done=calendar#calendar-feed-heading');
  });

  return router;
}
