import { Route, Switch } from 'wouter';
import { LazyPage } from './lazy-page';
import { loadNotFound, routes } from './routes';

export function AppRouter() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          {'page' in route ? <route.page /> : <LazyPage load={route.load} />}
        </Route>
      ))}
      <Route>
        <LazyPage load={loadNotFound} />
      </Route>
    </Switch>
  );
}
