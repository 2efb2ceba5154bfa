/** One step of a community's checklist. */
export interface SetupStep {
  id: 'texts' | 'plans' | 'site-plan' | 'tour-hours' | 'sales-office' | 'images' | 'nearby' | 'promotions';
  /** Plain words, as the 409 and the checklist name it. */
  label: string;
  done: boolean;
  /** Where the step is done. */
  href: string;
  /** A step publishing does not wait for (photos, nearby places, promotions). */
  optional?: true;
  /** The community's public page the step feeds, as a path within its address ("/site-plan"). */
  feeds: string;
}

/** The steps a community still needs before it may be published: the required ones not done. */
export function missingSteps(steps: readonly SetupStep[]): SetupStep[] {
  return steps.filter((step) => !step.done && !step.optional);
}
