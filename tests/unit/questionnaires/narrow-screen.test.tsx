import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A chart's reading of the screen; the hook comes from a fresh copy of its module in each test. */
function Chart({ useNarrow }: { useNarrow: () => boolean }) {
  return <p>{useNarrow() ? 'narrow' : 'wide'}</p>;
}

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
    const { getAllByText, rerender } = render(
      <>
        <Chart useNarrow={useNarrowScreen} />
        <Chart useNarrow={useNarrowScreen} />
        <Chart useNarrow={useNarrowScreen} />
      </>,
    );
    rerender(
      <>
        <Chart useNarrow={useNarrowScreen} />
        <Chart useNarrow={useNarrowScreen} />
        <Chart useNarrow={useNarrowScreen} />
      </>,
    );
    expect(getAllByText('narrow')).toHaveLength(3);
    expect(matchMedia).toHaveBeenCalledTimes(1);
    expect(matchMedia).toHaveBeenCalledWith('(max-width: 639px)');
  });
});
