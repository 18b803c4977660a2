import { Firestore, GeoPoint, Timestamp, FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { plainJson } from './plain-json.js';

describe('plainJson', () => {
  it('turns Firestore values into plain JSON', () => {
    const db = new Firestore({ projectId: 'demo-plain-json' });
    const value = {
      caught: Timestamp.fromMillis(Date.UTC(2026, 4, 3, 5, 6, 7, 890)),
      spot: new GeoPoint(45.43, 12.33),
      owner: db.doc('users/abc'),
      photo: Buffer.from('fish'),
      when: new Date(Date.UTC(2026, 0, 1)),
      embedding: FieldValue.vector([0.5, 1]),
      odd: [Number.NaN, Number.POSITIVE_INFINITY, 3],
      nested: { b: 2, a: [{ c: null }] },
      gone: undefined,
      flag: true,
    };
    expect(plainJson(value)).toEqual({
      caught: '2026-05-03T05:06:07.890Z',
      spot: { latitude: 45.43, longitude: 12.33 },
      owner: 'users/abc',
      photo: 'ZmlzaA==',
      when: '2026-01-01T00:00:00.000Z',
      embedding: [0.5, 1],
      odd: ['NaN', 'Infinity', 3],
      nested: { a: [{ c: null }], b: 2 },
      gone: null,
      flag: true,
    });
    // Round-trips through JSON unchanged.
    const json = plainJson(value);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('keeps map keys in a stable order', () => {
    expect(Object.keys(plainJson({ z: 1, a: 2, m: 3 }) as object)).toEqual(['a', 'm', 'z']);
  });
});
