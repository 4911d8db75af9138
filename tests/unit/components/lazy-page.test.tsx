import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from '../../../src/client/components/lazy-page';

afterEach(cleanup);

const screenOf = (name: string) => () => <h1>{name}</h1>;

describe('a lazily loaded route screen', () => {
  it('shows the loading card while its code arrives on a first visit', async () => {
    const Page = lazyPage(async () => screenOf('Sign in'));
    await act(async () => {
      render(<Page />);
    });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('preloaded, draws on its first render: no loading card in between', async () => {
    const Page = lazyPage(async () => screenOf('Sign in'));
    await Page.preload();
    // no act: what the first synchronous render commits is what the person sees first
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('not preloaded, the first render is the loading card', async () => {
    const Page = lazyPage(async () => screenOf('Sign in'));
    render(<Page />);
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => {
      await Page.preload();
    });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('a failed preload is tried again on the visit', async () => {
    let calls = 0;
    const Page = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return screenOf('Sign in');
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await act(async () => {
      render(<Page />);
    });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
