// A document's fields as Firestore's REST API writes them: the shapes the site writes (text,
// yes or no, times, bytes, lists and maps). Pure, with no configuration: the site's writes
// (./rest-create.ts) and the tests' scripted visitors (tests/support/visitor-writes.ts) use it.

/** What a field may hold here: the shapes the site writes. */
export type RestField = string | boolean | Date | Uint8Array | readonly RestField[] | RestFields;
/** A document's or a map's fields: one that is undefined is left out. */
export type RestFields = { readonly [name: string]: RestField | undefined };

type RestValue =
  | { stringValue: string }
  | { booleanValue: boolean }
  | { timestampValue: string }
  | { bytesValue: string }
  | { arrayValue: { values: RestValue[] } }
  | { mapValue: { fields: Record<string, RestValue> } };

/** Base64 of bytes, a slice at a time (a picture is up to 640 KiB: one call would pass too many arguments). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

function restValue(value: RestField): RestValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (value instanceof Uint8Array) return { bytesValue: base64(value) };
  if (Array.isArray(value)) return { arrayValue: { values: (value as readonly RestField[]).map(restValue) } };
  return { mapValue: { fields: restFields(value as RestFields) } };
}

/** A document's fields as the REST API writes them. */
export function restFields(fields: RestFields): Record<string, RestValue> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [[name, restValue(value)]])),
  );
}
