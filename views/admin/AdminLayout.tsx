import type { ReactNode } from 'react';
import { mayVisit, type Role } from '../../src/shared/permissions.js';

/** The signed-in person as every staff page shows them: name, role (what the nav offers), the forms' token. */
export interface StaffViewer {
  username: string;
  csrfToken: string;
  role: Role;
  /** The communities the account reaches, when more than one: the switcher offers them. */
  communities?: { slug: string; name: string }[];
  /** The community the staff pages work in now (its slug). */
  community?: string;
}

interface AdminLayoutProps {
  communityName: string;
  /** Absent on the sign-in pages. */
  staff?: StaffViewer;
  path: string;
  children: ReactNode;
}

/** Every staff page the nav can offer; each reader sees those the permission table lets their role use. */
const LINKS = [
  { href: '/admin', label: 'Dashboard' },
  { href: '/admin/communities', label: 'Communities' },
  { href: '/admin/content', label: 'Content' },
  { href: '/admin/homepage-images', label: 'Homepage images' },
  { href: '/admin/floorplan-images', label: 'Floor plan galleries' },
  { href: '/admin/files', label: 'Files' },
  { href: '/admin/messages', label: 'Messages' },
  { href: '/admin/tours', label: 'Tours' },
  { href: '/admin/interest', label: 'Interest list' },
  { href: '/admin/homesites', label: 'Homesites' },
  { href: '/admin/team', label: 'Team' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/account', label: 'Your account' },
];

export function AdminLayout({ communityName, staff, path, children }: AdminLayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-bar">
          <a className="admin-brand" href={staff ? '/admin' : '/'}>
            {communityName} <span>staff</span>
          </a>
          {staff?.communities && staff.communities.length > 1 ? (
            <form method="post" action="/admin/community" className="community-switch">
              <input type="hidden" name="_csrf" value={staff.csrfToken} />
              <input type="hidden" name="back" value={path} />
              <label htmlFor="staff-community">Community</label>{' '}
              <select id="staff-community" name="community" defaultValue={staff.community}>
                {staff.communities.map((community) => (
                  <option key={community.slug} value={community.slug}>
                    {community.name}
                  </option>
                ))}
              </select>{' '}
              <button type="submit" className="button">
                Switch
              </button>
            </form>
          ) : null}
          {staff ? (
            <form method="post" action="/logout" className="logout-form">
              <input type="hidden" name="_csrf" value={staff.csrfToken} />
              <span className="admin-user">Signed in as {staff.username}</span>
              <button type="submit" className="button">
                Log out
              </button>
            </form>
          ) : null}
        </div>
        {staff ? (
          <nav className="admin-nav" aria-label="Staff">
            <ul>
              {LINKS.filter((link) => mayVisit(staff.role, link.href)).map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={path === link.href ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <a href="/">View the site</a>
              </li>
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
