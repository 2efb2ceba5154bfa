import type { Content } from '../src/content/index.js';
import { LENDERS_HREF, QUICK_MOVE_IN_PATH } from '../src/shared/constants.js';
import { communityPath } from '../src/render/community-path.js';
import { MenuToggle } from './MenuToggle.js';

interface SiteNavProps {
  content: Content;
  path: string;
}

function current(path: string, href: string) {
  return path === href ? ({ 'aria-current': 'page' } as const) : {};
}

/**
 * The fixed navigation bar, HTML and CSS only: below the md breakpoint the links collapse into a native
 * popover (opened by its button without any script); the Floor Plans menu opens on hover and on focus, and holds
 * the plans and, under them, the quick move-in homes.
 */
export function SiteNav({ content, path }: SiteNavProps) {
  const onHome = path === '/';
  const inFloorPlans = path === '/floor-plans' || path.startsWith('/floor-plans/') || path === QUICK_MOVE_IN_PATH;
  return (
    <header className="site-header">
      <nav className="site-nav" aria-label="Main">
        <a className="brand" href={communityPath('/')} aria-label={`${content.community.name} home`}>
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
                <a href={communityPath('/')} {...current(path, '/')}>
                  Home
                </a>
              </li>
            )}
            <li>
              <a href={communityPath('/about')} {...current(path, '/about')}>
                About
              </a>
            </li>
            <li>
              <a href={communityPath('/site-plan')} {...current(path, '/site-plan')}>
                Site Plan
              </a>
            </li>
            <li className={inFloorPlans ? 'dropdown is-active' : 'dropdown'}>
              <a
                href={communityPath('/floor-plans')}
                className="dropdown-trigger"
                aria-haspopup="true"
                {...current(path, '/floor-plans')}
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
                  href={communityPath(QUICK_MOVE_IN_PATH)}
                  {...current(path, QUICK_MOVE_IN_PATH)}
                >
                  Quick Move-In Homes
                </a>
              </div>
            </li>
            <li>
              <a href={communityPath('/contact')} {...current(path, '/contact')}>
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
