/**
 * Fills `{{name}}` placeholders in a text from config's values (the head's texts, the help
 * articles); a placeholder without a value is a mistake in the texts, and throws.
 */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {{${name}}} in "${template}"`);
    return value;
  });
}
