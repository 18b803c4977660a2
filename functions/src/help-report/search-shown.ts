import { searchShownFrom } from '../contracts/search-kept.js';

// When the team's report may show a search: once it was made in `searchShownFrom.hours`
// separate hours on `searchShownFrom.days` separate days (UTC). The one rule for every search
// the report reads, the help centre's signals (summary.ts) and the searches messages name as
// made before writing (messages.ts), so that a name typed once is never shown by either.

const hourMs = 3_600_000;
const dayMs = 86_400_000;

/** The times one search was made, gathered until the report asks whether it may show it. */
export class SearchTimes {
  private readonly hours = new Set<number>();
  private readonly days = new Set<number>();

  /** Notes one time the search was made (ms since the epoch). */
  add(writtenMs: number): void {
    this.hours.add(Math.floor(writtenMs / hourMs));
    this.days.add(Math.floor(writtenMs / dayMs));
  }

  /** Whether the search was made in enough separate hours and days to be shown. */
  get mayBeShown(): boolean {
    return this.hours.size >= searchShownFrom.hours && this.days.size >= searchShownFrom.days;
  }
}
