/**
 * The order of the home background photos. The photo shown is the first of the list; every
 * turn moves the first to the end (`steps` > 0), or the last to the front (`steps` < 0).
 */
export function rotate<T>(items: readonly T[], steps: number): T[] {
  if (items.length === 0) return [];
  const shift = ((steps % items.length) + items.length) % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

export interface RotationState {
  /** Indexes of the photos, the one shown first. */
  order: number[];
  /** The photo fading out under the new one, until the fade ends. */
  leaving: number | null;
  /** The last move, for the thumbnail strip's slide; `id` tells two equal moves apart. */
  move: { steps: number; id: number } | null;
}

export type RotationAction =
  | { type: 'move'; steps: number; fade: boolean }
  /** Brings photo `index` to the front (a thumbnail was picked), moving forward. */
  | { type: 'show'; index: number; fade: boolean }
  | { type: 'settle' };

export function initialRotation(count: number): RotationState {
  return { order: Array.from({ length: count }, (_, i) => i), leaving: null, move: null };
}

export function rotationReducer(state: RotationState, action: RotationAction): RotationState {
  if (action.type === 'settle') return state.leaving === null ? state : { ...state, leaving: null };
  const steps = action.type === 'show' ? Math.max(0, state.order.indexOf(action.index)) : action.steps;
  if (steps % state.order.length === 0) return state;
  return {
    order: rotate(state.order, steps),
    leaving: action.fade ? (state.order[0] ?? null) : null,
    move: { steps, id: (state.move?.id ?? 0) + 1 },
  };
}
