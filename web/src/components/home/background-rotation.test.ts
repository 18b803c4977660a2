import { describe, expect, it } from 'vitest';
import { initialRotation, rotate, rotationReducer } from './background-rotation';

describe('the background rotation', () => {
  it('rotates forward and back', () => {
    expect(rotate([0, 1, 2, 3], 1)).toEqual([1, 2, 3, 0]);
    expect(rotate([0, 1, 2, 3], -1)).toEqual([3, 0, 1, 2]);
    expect(rotate([0, 1, 2, 3], 6)).toEqual([2, 3, 0, 1]);
  });

  it('brings a picked photo to the front, moving forward by its place in the strip', () => {
    const moved = rotationReducer(initialRotation(5), { type: 'move', steps: 2, fade: true });
    expect(moved.order).toEqual([2, 3, 4, 0, 1]);
    const shown = rotationReducer(moved, { type: 'show', index: 0, fade: true });
    expect(shown.order).toEqual([0, 1, 2, 3, 4]);
    expect(shown.leaving).toBe(2);
    expect(shown.move).toEqual({ steps: 3, id: 2 });
  });

  it('does nothing when the picked photo is already in front or unknown', () => {
    const state = initialRotation(4);
    expect(rotationReducer(state, { type: 'show', index: 0, fade: true })).toBe(state);
    expect(rotationReducer(state, { type: 'show', index: 9, fade: true })).toBe(state);
  });
});
