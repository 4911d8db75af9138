import { render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import {
  REHEARSAL_DEFINITION,
  REHEARSAL_RESULTS,
  REHEARSAL_SCORED,
  ResultsRehearsal,
} from '../../../src/client/features/patients/results-rehearsal';
import { ResultsDrawing } from '../../../src/client/features/patients/results-view';
import { i18n } from '../../../src/client/i18n';

// the results page draws a made-up history while its data is fetched, so its code is compiled before (ADR 160)
describe('the results rehearsal', () => {
  it('has every kind of part a long history draws, so none is compiled after the data arrives', () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <ResultsDrawing
          results={REHEARSAL_RESULTS}
          definition={REHEARSAL_DEFINITION}
          scored={REHEARSAL_SCORED}
          lang="en"
          text={(key) => key}
        />
      </I18nextProvider>,
    );
    const marks = [...container.querySelectorAll('[data-mark]')].map((mark) =>
      mark.getAttribute('data-mark'),
    );
    expect(new Set(marks)).toEqual(new Set(['plain', 'improved', 'deteriorated', 'noChange']));
    expect(container.querySelectorAll('[data-flagged] li')).toHaveLength(1);
    expect(container.querySelectorAll('[data-band]')).toHaveLength(2);
    expect(container.querySelector('[data-cutoff]')).not.toBeNull();
    expect(container.querySelectorAll('[data-legend-informant]')).toHaveLength(2);
    expect(container.querySelector('[data-latest-each]')).not.toBeNull();
    const table = container.querySelector('[data-side-by-side]');
    expect(table?.querySelectorAll('[data-normed]').length).toBeGreaterThan(0);
    expect(table?.querySelector('[data-change]')).not.toBeNull();
    expect(table?.textContent).toContain('No response');
    expect(table?.textContent).toContain('Not scored');
  });

  it('adds nothing to the page: it is drawn, after the first paint, into an element the document does not hold', async () => {
    // the element it draws into, caught as it is made: the drawing there is the event waited for
    const made: HTMLElement[] = [];
    const createElement = document.createElement.bind(document);
    const spy = vi.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
      const element = createElement(tag);
      if (tag === 'div') made.push(element);
      return element;
    }) as typeof document.createElement);
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <ResultsRehearsal />
      </I18nextProvider>,
    );
    spy.mockRestore();
    await waitFor(() =>
      expect(made.filter((element) => element.querySelector('[data-scale]'))).toHaveLength(1),
    );
    const [offScreen] = made.filter((element) => element.querySelector('[data-scale]'));
    expect(offScreen?.isConnected).toBe(false);
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector('[data-scale]')).toBeNull();
  });
});
