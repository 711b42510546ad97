import 'shared-kernel/tokens.css';
import 'shared-kernel/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { markLoadStep } from 'shared-kernel';
import { App } from './app.tsx';

markLoadStep('shell-bootstrap');
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
