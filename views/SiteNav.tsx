import type { Content } from '../src/content/index.js';
import { LENDERS_HREF, QUICK_MOVE_IN_PATH } from '../src/shared/constants.js';
import { communityPath } from '../src/render/community-path.js';
import { MenuToggle } from './MenuToggle.js';

interface SiteNavProps {
  content: Content;
  path: string;
}

/**
 * The community's pages a link of the bar leads to, each named once: the bar marks one as the current page, and
 * Layout's framePath keeps exactly these paths (and the plans' own pages) in the frame it caches.
 */
export const SITE_NAV_PATHS = {
  home: '/',
  about: '/about',
  sitePlan: '/site-plan',
  floorPlans: '/floor-plans',
  quickMoveIn: QUICK_MOVE_IN_PATH,
  contact: '/contact',
} as const;

function current(path: string, href: string) {
  return path === href ? ({ 'aria-current': 'page' } as const) : {};
}

/**
 * The fixed navigation bar, HTML and CSS only: below the md breakpoint the links collapse into a native
 * popover (opened by its button without any script); the Floor Plans menu opens on hover and on focus, and holds
 * the plans and, under them, the quick move-in homes.
 */
export function SiteNav({ content, path }: SiteNavProps) {
  const onHome = path === SITE_NAV_PATHS.home;
  const inFloorPlans =
    path === SITE_NAV_PATHS.floorPlans || path.startsWith('/floor-plans/') || path === SITE_NAV_PATHS.quickMoveIn;
  return (
    <header className="site-header">
      <nav className="site-nav" aria-label="Main">
        <a className="brand" href={communityPath(SITE_NAV_PATHS.home)} aria-label={`${content.community.name} home`}>
          <span className="brand-mark" aria-hidden="true">
            ⌂
          </span>
          <span className="brand-name">{content.community.name}</span>
        </a>
        <MenuToggle />
        <div id="site-menu" className="site-menu" popover="auto">
          <ul className="nav-links">
            {onHome ? null : (
              <li>
                <a href={communityPath(SITE_NAV_PATHS.home)} {...current(path, SITE_NAV_PATHS.home)}>
                  Home
                </a>
              </li>
            )}
            <li>
              <a href={communityPath(SITE_NAV_PATHS.about)} {...current(path, SITE_NAV_PATHS.about)}>
                About
              </a>
            </li>
            <li>
              <a href={communityPath(SITE_NAV_PATHS.sitePlan)} {...current(path, SITE_NAV_PATHS.sitePlan)}>
                Site Plan
              </a>
            </li>
            <li className={inFloorPlans ? 'dropdown is-active' : 'dropdown'}>
              <a
                href={communityPath(SITE_NAV_PATHS.floorPlans)}
                className="dropdown-trigger"
                aria-haspopup="true"
                {...current(path, SITE_NAV_PATHS.floorPlans)}
              >
                Floor Plans
              </a>
              <div className="dropdown-panel">
                <ul className="dropdown-menu" aria-label="Floor Plans">
                  {content.floorPlans.map((plan) => (
                    <li key={plan.slug}>
                      <a
                        href={communityPath(`/floor-plans/${plan.slug}`)}
                        {...current(path, `/floor-plans/${plan.slug}`)}
                      >
                        {plan.name}
                      </a>
                    </li>
                  ))}
                </ul>
                {/* Homes of those plans built to move into soon: in the plans' menu, where the bar has room at every width. */}
                <a
                  className="dropdown-more"
                  href={communityPath(SITE_NAV_PATHS.quickMoveIn)}
                  {...current(path, SITE_NAV_PATHS.quickMoveIn)}
                >
                  Quick Move-In Homes
                </a>
              </div>
            </li>
            <li>
              <a href={communityPath(SITE_NAV_PATHS.contact)} {...current(path, SITE_NAV_PATHS.contact)}>
                Contact
              </a>
            </li>
          </ul>
          <a className="button button-accent nav-cta" href={communityPath(LENDERS_HREF)}>
            Get Pre-Approved
          </a>
        </div>
      </nav>
    </header>
  );
}
