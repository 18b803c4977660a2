// What the form knows of the picture a message will carry: shared by the field that is on the
// page from the first visit (../picture-field.tsx) and the control that loads on use
// (./picture-control.tsx), so neither imports the other for it. Types only: nothing of it
// reaches a script part.
import type { Prepared } from './prepare-picture';

/** The picture a message will carry, as the form knows it. */
export type PictureChoice =
  { status: 'none' } | { status: 'preparing'; ready: Promise<Prepared> } | ({ status: 'done' } & Prepared);
