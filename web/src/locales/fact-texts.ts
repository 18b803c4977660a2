// A text that is true only for one answer of an app fact (config/app-facts.ts: does the app ask
// for Pro to start at once, does the forecast give wind) holds both answers where it is written:
//
//   { "fact": "proStartsOnRequest", "yes": "…you pay for the days you had Pro…", "no": "…we refund it all…" }
//
// in place of a string (or of any other value of a text file). When the site is built, each is
// replaced by the answer config gives (build/fact-texts.ts), so the page carries one text, and
// it stays true whichever way the operator answers. Tests read both (`chooseFactTexts` with
// either answer).

/** The app facts that are yes or no, by name. */
export type YesNoFacts<Facts> = { [Name in keyof Facts as Facts[Name] extends boolean ? Name : never]: boolean };

/** A value written for both answers of an app fact. */
export interface FactText<Value = unknown> {
  fact: string;
  yes: Value;
  no: Value;
}

/** A text file's type once each `FactText` in it is replaced by one of its answers. */
export type FactsChosen<Value> = Value extends { fact: string; yes: infer Yes; no: infer No }
  ? FactsChosen<Yes | No>
  : Value extends ReadonlyArray<infer Element>
    ? Array<FactsChosen<Element>>
    : Value extends object
      ? { [Key in keyof Value]: FactsChosen<Value[Key]> }
      : Value;

function isFactText(value: object): value is Record<keyof FactText, unknown> {
  const keys = Object.keys(value);
  return 'fact' in value && keys.length === 3 && keys.includes('yes') && keys.includes('no');
}

/**
 * `texts` with every `FactText` in it replaced by the answer `facts` gives; a fact that `facts`
 * does not hold as yes or no is an error that names it and where it is.
 */
export function chooseFactTexts<Value>(
  texts: Value,
  facts: Readonly<Record<string, unknown>>,
  where = '',
): FactsChosen<Value> {
  const choose = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) return value.map((element, index) => choose(element, `${path}[${String(index)}]`));
    if (typeof value !== 'object' || value === null) return value;
    if (isFactText(value)) {
      const answer = typeof value.fact === 'string' ? facts[value.fact] : undefined;
      if (typeof answer !== 'boolean')
        throw new Error(`${where}${path}: "${String(value.fact)}" is not a yes-or-no fact of config/app-facts.ts.`);
      return choose(answer ? value.yes : value.no, path);
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, choose(inner, `${path}.${key}`)]));
  };
  return choose(texts, '') as FactsChosen<Value>;
}

/**
 * A text file the site imports, typed as the build gives it (build/fact-texts.ts has chosen each
 * answer already): TypeScript types a JSON import by the file as written.
 */
export function asBuilt<Value>(texts: Value): FactsChosen<Value> {
  return texts as unknown as FactsChosen<Value>;
}
