import { describe, expect, it } from 'vitest';
import { functionsRegion } from '../../functions/src/region.ts';
import { databaseRegion } from '../../web/src/config/processors.ts';

describe('where members’ data is processed', () => {
  it('is the functions’ region, as the privacy policy names it', () => {
    expect(functionsRegion).toBe(databaseRegion.id);
  });
});
