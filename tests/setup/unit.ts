import '@testing-library/jest-dom/vitest';
import './fail-on-console-error';
import { loadInterfaceTexts } from '../../src/client/i18n';

// the app fetches one language's texts as pages ask; tests switch freely, so every text is in from the start
await loadInterfaceTexts(['en', 'tr']);
