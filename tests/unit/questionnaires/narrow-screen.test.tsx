import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('useNarrowScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('asks the browser for one media query list, whatever the charts and renders that read it (ADR 152)', async () => {
    const list = { matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const matchMedia = vi.fn(() => list);
    vi.stubGlobal('matchMedia', matchMedia);
    vi.resetModules();
    const { useNarrowScreen } = await import('../../../src/client/features/patients/use-narrow-screen');
    function Chart() {
      return <p>{useNarrowScreen() ? 'narrow' : 'wide'}</p>;
    }
    const { getAllByText, rerender } = render(
      <>
        <Chart />
        <Chart />
        <Chart />
      </>,
    );
    rerender(
      <>
        <Chart />
        <Chart />
        <Chart />
      </>,
    );
    expect(getAllByText('narrow')).toHaveLength(3);
    expect(matchMedia).toHaveBeenCalledTimes(1);
    expect(matchMedia).toHaveBeenCalledWith('(max-width: 639px)');
  });
});
