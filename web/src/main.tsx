import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startI18n } from './app/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The visitor's language is loaded before the first render, so nobody sees English flash by.
// (A promise rather than a top-level await, which would make the bundler split the entry.)
void startI18n().then((i18n) => {
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
