// What one instance of the functions remembers between its invocations about the caps
// (caps.ts, mailCaps): which caps it saw spent, briefly, and how many checks against the caps
// are under way on it now. Kept in the module, so it lives as long as the instance; nothing
// here is ever written to the database.

/** How long a cap seen spent is remembered: a count given back may make room again. */
export const spentMemoryMs = 10_000;

const spentUntil = new Map<string, number>();
let checksUnderWay = 0;

/** Remembers the cap `key` as spent, for `spentMemoryMs` of this instance's clock. */
export function rememberSpent(key: string, clockMs = Date.now()): void {
  spentUntil.set(key, clockMs + spentMemoryMs);
}

/** Whether this instance saw the cap `key` spent within the last `spentMemoryMs`. */
export function seenSpent(key: string, clockMs = Date.now()): boolean {
  return (spentUntil.get(key) ?? 0) > clockMs;
}

/** Forgets every cap seen spent (tests that reset the counters). */
export function forgetSpentCaps(): void {
  spentUntil.clear();
}

/**
 * Begins one check against the caps on this instance: `others` says how many more are under
 * way beside it; `end` it once (later calls do nothing).
 */
export function checkUnderWay(): { others: () => number; end: () => void } {
  checksUnderWay += 1;
  let ended = false;
  return {
    others: () => checksUnderWay - 1,
    end: () => {
      if (!ended) checksUnderWay -= 1;
      ended = true;
    },
  };
}
