import type { SiteNotice } from '../../functions/src/contracts/site-notice.ts';

// A history of known problems for the tests (issue 79): one shown now with three updates (the
// last with markup typed into it), one resolved, and one set before a notice's life was kept
// (no updates, about the whole app), timed back from `nowMs`.
export function noticeHistory(nowMs: number): { current: SiteNotice; resolved: SiteNotice; before: SiteNotice } {
  const at = (hoursAgo: number) => new Date(nowMs - hoursAgo * 3_600_000).toISOString();
  const current: SiteNotice = {
    id: 'Cur0000000000000000a',
    text: { en: 'Fixed; we are <b>watching</b>.', it: 'Risolto; controlliamo & basta.' },
    since: at(5),
    until: null,
    help: 'app-not-working',
    state: 'monitoring',
    part: 'catches',
    articles: ['app-not-working', 'log-a-catch'],
    updates: [
      {
        at: at(5),
        state: 'investigating',
        text: { en: 'Catches do not sync.', it: 'Le catture non si sincronizzano.' },
      },
      { at: at(3), state: 'identified', text: { en: 'The cause is found.', it: 'La causa è trovata.' } },
      {
        at: at(1),
        state: 'monitoring',
        text: { en: 'Fixed; we are <b>watching</b>.', it: 'Risolto; controlliamo & basta.' },
      },
    ],
  };
  const resolved: SiteNotice = {
    id: 'Old0000000000000000b',
    text: { en: 'All fixed.', it: 'Tutto risolto.' },
    since: at(48),
    until: at(40),
    help: null,
    state: 'resolved',
    part: null,
    articles: [],
    updates: [
      { at: at(48), state: 'investigating', text: { en: 'The map is blank.', it: 'La mappa è vuota.' } },
      { at: at(40), state: 'resolved', text: { en: 'All fixed.', it: 'Tutto risolto.' } },
    ],
  };
  const before: SiteNotice = {
    id: 'Bef0000000000000000c',
    text: { en: 'Forecast late.', it: 'Previsioni in ritardo.' },
    since: at(30 * 24),
    until: at(29 * 24),
    help: null,
    state: 'investigating',
    part: null,
    updates: [],
    articles: [],
  };
  return { current, resolved, before };
}
