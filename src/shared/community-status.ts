/** How each community status (contract wave 4, "Communities") is named to people, in the order staff choose them. */
export const COMMUNITY_STATUS_LABELS = {
  'coming-soon': 'Coming soon',
  selling: 'Selling',
  'sold-out': 'Sold out',
  closed: 'Closed',
} as const;

export type CommunityStatusName = keyof typeof COMMUNITY_STATUS_LABELS;
