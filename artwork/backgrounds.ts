// The seven background scenes, each an SVG of W × H user units drawn from code (one module
// a scene under backgrounds/), with what each shows.
import { boatUnderClouds } from './backgrounds/boat-under-clouds.ts';
import { flyFishingRiver } from './backgrounds/fly-fishing-river.ts';
import { harbourDusk } from './backgrounds/harbour-dusk.ts';
import { mountainLake } from './backgrounds/mountain-lake.ts';
import { nightSurf } from './backgrounds/night-surf.ts';
import { sunriseRocks } from './backgrounds/sunrise-rocks.ts';
import { sunsetPier } from './backgrounds/sunset-pier.ts';

export interface Background {
  description: { en: string; it: string };
  svg: () => string;
}

export const backgrounds: readonly Background[] = [
  {
    description: { en: 'Angler casting from the rocks at sunrise', it: "Pescatore che lancia dagli scogli all'alba" },
    svg: sunriseRocks,
  },
  {
    description: { en: 'Angler on a wooden pier at sunset', it: 'Pescatore su un pontile di legno al tramonto' },
    svg: sunsetPier,
  },
  {
    description: {
      en: 'Small fishing boat on the open sea under dramatic clouds',
      it: 'Piccola barca da pesca in mare aperto sotto nuvole minacciose',
    },
    svg: boatUnderClouds,
  },
  {
    description: {
      en: 'Kayak angler on a misty mountain lake at dawn',
      it: "Pescatore in kayak su un lago di montagna nebbioso all'alba",
    },
    svg: mountainLake,
  },
  {
    description: {
      en: 'Fly fisher in waders on a forest river',
      it: 'Pescatore a mosca con i waders in un fiume tra i boschi',
    },
    svg: flyFishingRiver,
  },
  {
    description: {
      en: 'Night surfcasting on the beach under the moon',
      it: 'Surfcasting notturno sulla spiaggia sotto la luna',
    },
    svg: nightSurf,
  },
  {
    description: {
      en: 'Lighthouse and fishing boats in the harbour at dusk',
      it: 'Faro e barche da pesca nel porto al crepuscolo',
    },
    svg: harbourDusk,
  },
];
