import { contactPicture } from '@contracts/contact-message';
import { describe, expect, it } from 'vitest';
import { contactPictureLimits } from '../../config/contact-picture';
import { formatCount } from '../../config/formatted';
import { helpTextValues } from '../../config/help-text-values';
import { languages } from '../../config/languages';

// The privacy policy and the help articles state the picture's limits from config
// (contactPictureLimits, filled in as {{pictureSide}} and {{pictureKilobytes}}).

describe('the limits of a contact message’s picture as the texts state them', () => {
  it('are the contact message’s own, in whole kilobytes', () => {
    expect(contactPictureLimits.maxSidePx).toBe(contactPicture.maxSide);
    expect(Number.isInteger(contactPictureLimits.maxKilobytes)).toBe(true);
  });

  it.each(languages)('are filled into the help texts in %s as the language writes numbers', (language) => {
    const values = helpTextValues(language);
    expect(values.pictureSide).toBe(formatCount(language, contactPicture.maxSide));
    expect(values.pictureKilobytes).toBe(formatCount(language, contactPicture.maxBytes / 1024));
  });
});
