/**
 * The button that opens the main menu below the md breakpoint: a native popover, so it works without any script.
 * The menu it opens has the id `site-menu`.
 */
export function MenuToggle() {
  return (
    <button className="button menu-toggle" type="button" popoverTarget="site-menu" aria-controls="site-menu">
      <span className="menu-icon" aria-hidden="true" />
      <span className="menu-label">Menu</span>
    </button>
  );
}
