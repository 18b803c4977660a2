import { describe } from 'vitest';
import { engineSuite } from './engine-suite.ts';

// Both engines check one known-problem notice side by side (each in a browser of its own): it
// is set once, and cleared once both are done with it (shared-notice.ts).
describe.concurrent('one notice, every engine', () => {
  engineSuite('firefox', 'notice');
  engineSuite('webkit', 'notice');
});
