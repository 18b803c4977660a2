import { createContext, use } from 'react';
import type { PageName } from '../config/paths';

/**
 * The page the address shows, matched once per view by the app (config/paths.ts `matchPage`)
 * and read by the router, the head and the pages that depend on their address.
 */
export const CurrentPageContext = createContext<PageName>('notFound');

/** The page the address shows (`help/cancel-pro`, `notFound`). */
export function useCurrentPage(): PageName {
  return use(CurrentPageContext);
}
