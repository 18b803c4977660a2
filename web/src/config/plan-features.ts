import { forecastDays } from './constants.ts';

// What each plan of the app gives a member: the one list every free-or-Pro statement of the
// site is written from. The plans page compares them row by row; the home slides and the
// features page label "Pro" whatever they show that only Pro has; the terms and the help
// articles list Pro's features from here; their names are the `plans` texts
// (locales/<language>/plans.json). The specification's plan comparison (section 9) sets the
// plans; the operator confirms them before launch, the map above all (EXAMPLE below).

export type Plan = 'free' | 'pro';

export type PlanFeature = {
  /** The plans that have it. */
  plans: readonly Plan[];
  /** Days of forecast, for the forecast's two lengths (their name says it). */
  days?: number;
};

export const planFeatures = {
  /** Logging catches: photos, gear, spot, date and the weather of that moment. */
  catchLog: { plans: ['free', 'pro'] },
  /** Following other anglers, their posts and one's own. */
  community: { plans: ['free', 'pro'] },
  /** The hourly marine forecast, free members' length. */
  forecast: { plans: ['free', 'pro'], days: forecastDays.free },
  /** The hourly marine forecast, Pro's length. */
  longForecast: { plans: ['pro'], days: forecastDays.pro },
  /** The app without advertisements (free members see them). */
  noAds: { plans: ['pro'] },
  /** The Pro certified badge on the member's profile. */
  badge: { plans: ['pro'] },
  /** The member's own catches as places on the map. */
  catchMap: { plans: ['pro'] }, // EXAMPLE: free members get no map
  /** Each catch's log (weather, gear, date) opened from its place on the map. */
  catchLogsOnMap: { plans: ['pro'] }, // EXAMPLE: free members get no map
} as const satisfies Record<string, PlanFeature>;

export type PlanFeatureId = keyof typeof planFeatures;

export const planFeatureIds = Object.keys(planFeatures) as PlanFeatureId[];

/** Whether `plan` has the feature. */
export function hasFeature(id: PlanFeatureId, plan: Plan): boolean {
  return (planFeatures[id].plans as readonly Plan[]).includes(plan);
}

/** Whether only Pro has the feature: wherever the site shows it, it says "Pro". */
export function proOnly(id: PlanFeatureId): boolean {
  return !hasFeature(id, 'free');
}

/** What Pro adds to the free plan, in the list's order. */
export const proFeatureIds: readonly PlanFeatureId[] = planFeatureIds.filter(proOnly);

/** What the free plan has, in the list's order. */
export const freeFeatureIds: readonly PlanFeatureId[] = planFeatureIds.filter((id) => !proOnly(id));

/** The days a feature's name states, if any (the forecast's two lengths). */
export function featureDays(id: PlanFeatureId): number | undefined {
  const feature: PlanFeature = planFeatures[id];
  return feature.days;
}

/**
 * The anchor of the terms' section on withdrawal from Pro, which the plans page and the refunds
 * article link to: that section in locales/<language>/legal.json has this id. It lives here, in
 * the plans' script part, rather than in paths.ts, which every first visit loads.
 */
export const withdrawalAnchor = 'withdrawal';
