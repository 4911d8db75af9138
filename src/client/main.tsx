import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/App';
import { httpMessagesFrom } from './app/http-messages';
import { checkSession } from './app/session';
import { i18n } from './i18n';
import { configureHttp } from './lib/http';

configureHttp({ messages: httpMessagesFrom(i18n) });
void checkSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
