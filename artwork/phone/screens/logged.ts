// The catches in the mock log, which the log, catch, map and location screens show.
import type { Backdrop } from '../catch-photo.ts';
import type { Species } from '../fish.ts';
import { day, today } from '../locale.ts';

export interface LoggedCatch {
  species: Species;
  backdrop: Backdrop;
  seed: number;
  kg: number;
  cm: number;
  at: number;
  hour: number;
  minute: number;
  method: 'spinning' | 'surf' | 'jigging' | 'trolling' | 'live';
  shared: boolean;
}

export const logged: readonly LoggedCatch[] = [
  {
    species: 'bass',
    backdrop: 'deck',
    seed: 21,
    kg: 3.4,
    cm: 62,
    at: today,
    hour: 6,
    minute: 42,
    method: 'spinning',
    shared: false,
  },
  {
    species: 'bream',
    backdrop: 'board',
    seed: 22,
    kg: 1.8,
    cm: 41,
    at: today,
    hour: 7,
    minute: 15,
    method: 'surf',
    shared: true,
  },
  {
    species: 'dentex',
    backdrop: 'deck',
    seed: 23,
    kg: 5.1,
    cm: 68,
    at: today - 6 * day,
    hour: 9,
    minute: 30,
    method: 'jigging',
    shared: true,
  },
  {
    species: 'amberjack',
    backdrop: 'board',
    seed: 24,
    kg: 9.8,
    cm: 88,
    at: today - 14 * day,
    hour: 10,
    minute: 5,
    method: 'live',
    shared: false,
  },
  {
    species: 'bonito',
    backdrop: 'deck',
    seed: 25,
    kg: 2.6,
    cm: 55,
    at: today - 14 * day,
    hour: 17,
    minute: 20,
    method: 'trolling',
    shared: false,
  },
  {
    species: 'tuna',
    backdrop: 'deck',
    seed: 26,
    kg: 38.5,
    cm: 132,
    at: today - 21 * day,
    hour: 16,
    minute: 50,
    method: 'live',
    shared: true,
  },
];
