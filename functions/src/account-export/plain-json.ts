// Firestore values as plain JSON, for the copy of a member's data: what a member can open in
// any text editor or import elsewhere (GDPR Art. 20 asks for a common, machine-readable format).
// Pure: it recognises the Admin SDK's value classes by their shape, so it needs no Firestore.

/** A JSON value. */
import type { Json } from '../contracts/member-copy.js';

type TimestampLike = { toDate(): Date; seconds: number; nanoseconds: number };
type GeoPointLike = { latitude: number; longitude: number; isEqual: unknown };
type ReferenceLike = { path: string; firestore: unknown; id: string };
type VectorLike = { toArray(): number[] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
const isTimestamp = (value: object): value is TimestampLike =>
  'toDate' in value && typeof value.toDate === 'function' && 'seconds' in value && 'nanoseconds' in value;
const isGeoPoint = (value: object): value is GeoPointLike =>
  'latitude' in value && 'longitude' in value && 'isEqual' in value;
const isReference = (value: object): value is ReferenceLike =>
  'path' in value && typeof value.path === 'string' && 'firestore' in value && 'id' in value;
const isVector = (value: object): value is VectorLike =>
  'toArray' in value && typeof value.toArray === 'function' && value.constructor.name === 'VectorValue';

/**
 * `value` as JSON: timestamps as ISO 8601 text (UTC), places as `{latitude, longitude}`,
 * references as their path, bytes as base64, vectors as arrays of numbers; NaN and ±Infinity
 * (which JSON cannot hold) as text. Everything else as it is.
 */
export function plainJson(value: unknown): Json {
  if (!isObject(value)) return plainScalar(value);
  if (Array.isArray(value)) return value.map(plainJson);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (isTimestamp(value)) return value.toDate().toISOString();
  if (isGeoPoint(value)) return { latitude: value.latitude, longitude: value.longitude };
  if (isReference(value)) return value.path;
  if (isVector(value)) return value.toArray().map(plainJson);
  const out: Record<string, Json> = {};
  for (const key of Object.keys(value).sort()) out[key] = plainJson(value[key]);
  return out;
}

/** A value that is not an object: as it is, a number that JSON cannot hold as text. */
function plainScalar(value: unknown): Json {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  return null; // null, undefined; functions and symbols: Firestore never returns them
}
