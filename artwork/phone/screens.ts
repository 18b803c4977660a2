// The ten mock app screens, each a 390 × 844 .screen element, in the language given (one
// module a screen under screens/).
import type { Locale } from './locale.ts';
import { catchDetail } from './screens/catch.ts';
import { feed } from './screens/feed.ts';
import { forecast } from './screens/forecast.ts';
import { hero } from './screens/hero.ts';
import { location } from './screens/location.ts';
import { log } from './screens/catch-log.ts';
import { mapScreen } from './screens/map.ts';
import { profile } from './screens/profile.ts';
import { temperature } from './screens/temperature.ts';
import { tides } from './screens/tides.ts';

export const screenNames = [
  'hero',
  'map',
  'feed',
  'log',
  'forecast',
  'tides',
  'temperature',
  'profile',
  'catch',
  'location',
] as const;
export type ScreenName = (typeof screenNames)[number];

export const screens: Record<ScreenName, (l: Locale) => string> = {
  hero,
  map: mapScreen,
  feed,
  log,
  forecast,
  tides,
  temperature,
  profile,
  catch: catchDetail,
  location,
};
