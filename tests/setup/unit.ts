import '@testing-library/jest-dom/vitest';
import { act, configure } from '@testing-library/react';
import { beforeEach } from 'vitest';
import './fail-on-console-error';
import { loadArrayField } from '../../src/client/forms/fields/array-field-loader';
import { lazyWidgets, loadWidgets } from '../../src/client/forms/widgets';
import { i18n, loadInterfaceTexts } from '../../src/client/i18n';
import { connectHttpToSession } from '../../src/client/stores/session-actions';

// `findBy…` and `waitFor` wait up to 4 s, not 1 s: on a loaded CI machine a lazily loaded screen can take longer
// to arrive, and a wait that is too short fails a correct screen
configure({ asyncUtilTimeout: 4000 });

// as at start-up (main.tsx): calls carry the session's token, and a 401 ends it
connectHttpToSession();

// the app fetches one language's texts as pages ask; tests switch freely, so every text is in from the start
await loadInterfaceTexts(['en', 'tr']);

// the app fetches a lazily loaded widget with the form naming it (ADR 098); tests draw forms straight away
await loadWidgets(Object.keys(lazyWidgets));
// and RJSF's array field with the forms that have an array (ADR 139)
await loadArrayField();

// tests run in a random order (sequence.shuffle): each starts in the interface's first language, whatever language
// the test before it switched to
const startLanguage = i18n.language;
beforeEach(async () => {
  if (i18n.language !== startLanguage) await act(() => i18n.changeLanguage(startLanguage));
});
