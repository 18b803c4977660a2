import type { EnginePage } from './drivers.ts';

/**
 * What a check did, in order, with the time since it began: every operation on the page but the
 * quick reads (the polls), and the steps inside a popup's. A check that fails, or runs out of
 * time in a command that never answers, prints it, so its report says where it stood.
 */
export class Trace {
  private began = Date.now();
  private lines: string[] = [];
  begin() {
    this.began = Date.now();
    this.lines = [];
  }
  note = (step: string) => {
    this.lines.push(`+${((Date.now() - this.began) / 1000).toFixed(1)} s ${step}`);
  };
  toString() {
    return this.lines.join('\n');
  }
  /** `page` with each operation noted as it starts; a read noted only when it took over 1 s. */
  watch(page: EnginePage): EnginePage {
    const note = this.note;
    return new Proxy(page, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const started = Date.now();
          const what = `${String(key)}(${args
            .filter((arg) => typeof arg !== 'function')
            .map((arg) => JSON.stringify(arg).slice(0, 80))
            .join(', ')})`;
          if (key !== 'evaluate') note(what);
          try {
            return await (value as (...all: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            if (key === 'evaluate' && Date.now() - started > 1000)
              note(`${what} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
          }
        };
      },
    });
  }
}
