import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/app';
import { httpMessagesFrom } from './app/http-messages';
import { checkSession } from './app/session';
import { i18n, i18nReady } from './i18n';
import { configureHttp } from './lib/http';
import { startAccountLanguageSync } from './stores/account-language';
import { connectHttpToSession } from './stores/session-actions';

configureHttp({ messages: httpMessagesFrom(i18n) });
connectHttpToSession();
// the account's language applies from the first answer about the user (ADR 064)
startAccountLanguageSync();
void checkSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// the first paint is in the user's language: its texts arrive (one small chunk) before anything renders
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
