import { siteNoticeLimits } from '../../functions/src/contracts/site-notice.ts';
import { runNotice, type CommandRun } from '../../tests/support/emulators.ts';
import type { Language } from '../../web/src/config/languages.ts';

// One known-problem notice for the engines' notice checks, which run side by side in one file
// (notice.alone.test.ts): set once with the operator's command, and cleared once every engine
// has checked it, instead of one notice an engine, one engine after the other. Each wait for the
// notice's read to forget what it read (its memory) is then made once for all the engines.

/** How long an engine that is done waits for the others before the notice is cleared anyway. */
const othersWithinMs = 90_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The read's function answers what it read for memorySeconds: a page reads the change after that. */
const functionMemory = () => wait(siteNoticeLimits.memorySeconds * 1000);

export class SharedNotice {
  private engines = 0;
  private arrived = 0;
  private releaseEveryone: () => void = () => undefined;
  private readonly everyoneDone = new Promise<void>((resolve) => {
    this.releaseEveryone = resolve;
  });
  private setting: Promise<CommandRun> | undefined;
  private clearing: Promise<CommandRun> | undefined;
  /** What makes this run's notice, its emails and its subjects its own. */
  readonly token = Date.now().toString(36);
  /** The notice's text in each language, with markup that the page must show as text. */
  readonly texts: Record<Language, string> = {
    en: `Sign-in <b>fails</b> on Android 15 (${this.token})`,
    it: `L'accesso <b>non riesce</b> su Android 15 (${this.token})`,
  };

  /** Counts an engine in, as its suite is declared. */
  join(): void {
    this.engines += 1;
  }

  /** Sets the notice (the first engine to ask), then waits until a page reads it. */
  set(): Promise<CommandRun> {
    this.setting ??= runNotice('set', '--en', this.texts.en, '--it', this.texts.it, '--yes').then(async (run) => {
      if (run.code === 0) await functionMemory();
      return run;
    });
    return this.setting;
  }

  /**
   * Says this engine is done with the notice shown (also when its check failed), then clears it
   * once every engine is (or `othersWithinMs` after), and waits until a page reads none.
   */
  async clear(): Promise<CommandRun> {
    this.arrived += 1;
    if (this.arrived >= this.engines) this.releaseEveryone();
    const othersLate = new Promise<void>((resolve) => setTimeout(resolve, othersWithinMs).unref());
    await Promise.race([this.everyoneDone, othersLate]);
    this.clearing ??= runNotice('clear', '--yes').then(async (run) => {
      await functionMemory();
      return run;
    });
    return this.clearing;
  }
}
