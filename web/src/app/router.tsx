import HomePage from '../pages/home';
import { useCurrentPage } from '../hooks/current-page';
import { LazyPage } from './lazy-page';
import { loaderFor } from './routes';

/** The page the address shows (app.tsx matches it, once per view); each page mounts afresh. */
export function AppRouter() {
  const page = useCurrentPage();
  const load = loaderFor(page);
  return load ? <LazyPage key={page} load={load} /> : <HomePage />;
}
