// The app's start, after boot.ts has seen the page painted. Each step runs in a task of its
// own, so the browser can answer a tap between them instead of after one long task:
// 1. React's DOM renderer, the largest script, is evaluated;
// 2. the app's modules (the shell, the router, the home page, i18next with the English texts);
// 3. app/start-up.tsx then takes the page's texts, its script part and its hydration in turn.
// Every step's script part is already on its way (boot.ts fetches the page's data-modules,
// which the prerenderer lists from this module's imports), so the steps wait for the CPU, not
// for the network.
import { nextTask } from './utils/next-task';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

async function start(container: HTMLElement) {
  const dom = await import('react-dom/client');
  await nextTask();
  const { startApp } = await import('./app/start-up');
  await nextTask();
  await startApp(container, dom);
}

void start(root);
