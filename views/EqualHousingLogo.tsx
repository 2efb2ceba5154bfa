/**
 * The Equal Housing Opportunity logo: a house with an equal sign in it, drawn in the text color (white on the
 * footer). Inline, with its size set, so it costs no request and moves nothing as the page loads.
 */
export function EqualHousingLogo({ size }: { size: number }) {
  return (
    <svg
      className="eho-logo"
      role="img"
      aria-label="Equal Housing Opportunity"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      fill="currentColor"
    >
      <path fillRule="evenodd" d="M32 3 63 29H55V59H9V29H1ZM20 33V40H44V33ZM20 45V52H44V45Z" />
    </svg>
  );
}
