import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage, routes } from './routes';

export function AppRouter() {
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <Switch>
        {routes.map(({ path, page }) => (
          <Route key={path} path={path} component={page} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
