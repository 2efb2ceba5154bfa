/**
 * The HTTP Observatory's scoring rubric (MDN HTTP Observatory, the tests that apply to one response), so a test
 * can score our headers without the network: start at 100, add each test's modifier; bonuses count only when the
 * score without them is at least 90.
 */
export interface Modifier {
  test: string;
  result: string;
  modifier: number;
}

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), values);
  }
  return map;
}

function scoreCsp(csp: string | null): Modifier {
  if (!csp) return { test: 'content-security-policy', result: 'csp-not-implemented', modifier: -25 };
  const policy = directives(csp);
  const scriptSources = policy.get('script-src') ?? policy.get('default-src') ?? [];
  const styleSources = policy.get('style-src') ?? policy.get('default-src') ?? [];
  const all = [...policy.values()].flat();
  if (scriptSources.includes("'unsafe-inline'"))
    return { test: 'content-security-policy', result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  if (all.some((source) => source.startsWith('http:')))
    return { test: 'content-security-policy', result: 'csp-implemented-with-insecure-scheme', modifier: -20 };
  if (scriptSources.includes("'unsafe-eval'"))
    return { test: 'content-security-policy', result: 'csp-implemented-with-unsafe-eval', modifier: -10 };
  if (styleSources.includes("'unsafe-inline'"))
    return {
      test: 'content-security-policy',
      result: 'csp-implemented-with-unsafe-inline-in-style-src-only',
      modifier: 0,
    };
  const defaultNone = (policy.get('default-src') ?? []).join(' ') === "'none'";
  return defaultNone
    ? { test: 'content-security-policy', result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 }
    : { test: 'content-security-policy', result: 'csp-implemented-with-no-unsafe', modifier: 5 };
}

function scoreCookies(setCookies: string[], hsts: boolean): Modifier {
  if (setCookies.length === 0) return { test: 'cookies', result: 'cookies-not-found', modifier: 0 };
  const parsed = setCookies.map((cookie) =>
    cookie
      .toLowerCase()
      .split(';')
      .map((part) => part.trim()),
  );
  const has = (parts: string[], flag: string) => parts.some((part) => part === flag || part.startsWith(`${flag}=`));
  if (parsed.some((parts) => !has(parts, 'httponly')))
    return { test: 'cookies', result: 'cookies-session-without-httponly-flag', modifier: -30 };
  if (parsed.some((parts) => !has(parts, 'secure'))) {
    return hsts
      ? { test: 'cookies', result: 'cookies-session-without-secure-flag-but-protected-by-hsts', modifier: -10 }
      : { test: 'cookies', result: 'cookies-session-without-secure-flag', modifier: -40 };
  }
  const sameSite = parsed.every((parts) => parts.some((part) => /^samesite=(strict|lax)$/.test(part)));
  return sameSite
    ? { test: 'cookies', result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 }
    : { test: 'cookies', result: 'cookies-secure-with-httponly-sessions', modifier: 0 };
}

function scoreHsts(value: string | null): Modifier {
  const maxAge = Number(/max-age=(\d+)/i.exec(value ?? '')?.[1] ?? NaN);
  if (!value) return { test: 'strict-transport-security', result: 'hsts-not-implemented', modifier: -20 };
  if (Number.isNaN(maxAge)) return { test: 'strict-transport-security', result: 'hsts-header-invalid', modifier: -20 };
  return maxAge >= 15_768_000
    ? { test: 'strict-transport-security', result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
    : { test: 'strict-transport-security', result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 };
}

function scoreReferrer(value: string | null): Modifier {
  if (!value) return { test: 'referrer-policy', result: 'referrer-policy-not-implemented', modifier: 0 };
  const last =
    value
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .pop() ?? '';
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(last)) {
    return { test: 'referrer-policy', result: 'referrer-policy-private', modifier: 5 };
  }
  if (last === 'no-referrer-when-downgrade')
    return { test: 'referrer-policy', result: 'referrer-policy-no-referrer-when-downgrade', modifier: 0 };
  return { test: 'referrer-policy', result: 'referrer-policy-unsafe', modifier: -5 };
}

function scoreFrameOptions(csp: string | null, xfo: string | null): Modifier {
  const ancestors = csp ? directives(csp).get('frame-ancestors') : undefined;
  if (ancestors && ancestors.length > 0 && !ancestors.includes('*'))
    return { test: 'x-frame-options', result: 'x-frame-options-implemented-via-csp', modifier: 5 };
  if (xfo && /^(deny|sameorigin)$/i.test(xfo.trim()))
    return { test: 'x-frame-options', result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  return { test: 'x-frame-options', result: 'x-frame-options-not-implemented', modifier: -20 };
}

function scoreSri(html: string | undefined): Modifier {
  if (html === undefined)
    return { test: 'subresource-integrity', result: 'sri-not-implemented-response-not-html', modifier: 0 };
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]).filter((tag) => /\ssrc=/i.test(tag));
  if (scripts.length === 0)
    return { test: 'subresource-integrity', result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0 };
  const external = scripts.filter((tag) => /\ssrc="(https?:)?\/\//i.test(tag));
  const insecure = external.some((tag) => /\ssrc="http:/i.test(tag));
  const allWithIntegrity = scripts.every((tag) => /\sintegrity="sha(256|384|512)-/i.test(tag));
  if (allWithIntegrity) {
    return insecure
      ? {
          test: 'subresource-integrity',
          result: 'sri-implemented-but-external-scripts-not-loaded-securely',
          modifier: -20,
        }
      : { test: 'subresource-integrity', result: 'sri-implemented-and-all-scripts-loaded-securely', modifier: 5 };
  }
  if (external.length === 0)
    return {
      test: 'subresource-integrity',
      result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
      modifier: 0,
    };
  return insecure
    ? {
        test: 'subresource-integrity',
        result: 'sri-not-implemented-and-external-scripts-not-loaded-securely',
        modifier: -50,
      }
    : {
        test: 'subresource-integrity',
        result: 'sri-not-implemented-but-external-scripts-loaded-securely',
        modifier: -5,
      };
}

function scoreNosniff(value: string | null): Modifier {
  if (!value) return { test: 'x-content-type-options', result: 'x-content-type-options-not-implemented', modifier: -5 };
  return value.trim().toLowerCase() === 'nosniff'
    ? { test: 'x-content-type-options', result: 'x-content-type-options-nosniff', modifier: 0 }
    : { test: 'x-content-type-options', result: 'x-content-type-options-header-invalid', modifier: -5 };
}

function scoreCors(headers: Headers): Modifier {
  const origin = headers.get('access-control-allow-origin');
  if (!origin)
    return {
      test: 'cross-origin-resource-sharing',
      result: 'cross-origin-resource-sharing-not-implemented',
      modifier: 0,
    };
  return origin === '*'
    ? {
        test: 'cross-origin-resource-sharing',
        result: 'cross-origin-resource-sharing-implemented-with-public-access',
        modifier: 0,
      }
    : {
        test: 'cross-origin-resource-sharing',
        result: 'cross-origin-resource-sharing-implemented-with-restricted-access',
        modifier: 0,
      };
}

function scoreCorp(value: string | null): Modifier {
  if (!value) return { test: 'cross-origin-resource-policy', result: 'corp-not-implemented', modifier: 0 };
  return /^(same-origin|same-site|cross-origin)$/i.test(value.trim())
    ? {
        test: 'cross-origin-resource-policy',
        result: `corp-implemented-with-${value.trim().toLowerCase()}`,
        modifier: 0,
      }
    : { test: 'cross-origin-resource-policy', result: 'corp-header-invalid', modifier: -5 };
}

export function observatoryScore(headers: Headers, body: string | undefined): { score: number; modifiers: Modifier[] } {
  const csp = headers.get('content-security-policy');
  const hsts = headers.get('strict-transport-security');
  const isHtml = /^text\/html/i.test(headers.get('content-type') ?? '');
  const modifiers = [
    scoreCsp(csp),
    scoreCookies(headers.getSetCookie(), Boolean(hsts)),
    scoreCors(headers),
    scoreHsts(hsts),
    scoreReferrer(headers.get('referrer-policy')),
    scoreSri(isHtml ? body : undefined),
    scoreNosniff(headers.get('x-content-type-options')),
    scoreFrameOptions(csp, headers.get('x-frame-options')),
    scoreCorp(headers.get('cross-origin-resource-policy')),
  ];
  const penalties = modifiers.filter((item) => item.modifier < 0).reduce((sum, item) => sum + item.modifier, 0);
  const base = 100 + penalties;
  const bonus =
    base >= 90 ? modifiers.filter((item) => item.modifier > 0).reduce((sum, item) => sum + item.modifier, 0) : 0;
  return { score: base + bonus, modifiers };
}
