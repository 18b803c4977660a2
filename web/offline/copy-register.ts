// Which help centres this device keeps (the unprefixed addresses, `/it`), in the pages' cache
// beside them: a service worker is stopped and started again between events, so what it knows
// lives there, not in its memory.
import { helpPagesCache } from '../src/features/help/copy/help-copy-terms.ts';

/** The register's own address in the cache: no page of the site has it. */
const registerAddress = '/__help-copy';

export type CopyRegister = Record<string, { pages: number; at: string }>;

/** The bases kept, with how many pages and when. */
export async function readRegister(): Promise<CopyRegister> {
  const response = await (await caches.open(helpPagesCache)).match(registerAddress);
  return response ? ((await response.json()) as CopyRegister) : {};
}

/** Records that `base` is kept. */
export async function recordCopy(base: string, copy: { pages: number; at: string }): Promise<void> {
  const register = { ...(await readRegister()), [base]: copy };
  const body = JSON.stringify(register);
  await (
    await caches.open(helpPagesCache)
  ).put(registerAddress, new Response(body, { headers: { 'Content-Type': 'application/json' } }));
}
