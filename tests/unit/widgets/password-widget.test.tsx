import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordStrength } from '../../../src/client/forms/widgets/password-strength';
import { renderWidgets } from './render-widgets';

describe('password strength', () => {
  it.each([
    ['', 'weak', 0],
    ['abc', 'weak', 1],
    ['abcD', 'weak', 2],
    ['abcD1', 'medium', 3],
    ['abcD1!', 'medium', 4],
    ['abcdefgh1!', 'medium', 4],
    ['abcD1!ef', 'strong', 5],
    ['abcD1!efghi', 'strong', 5],
    ['abcD1!efghij', 'veryStrong', 5],
  ])('%j is %s (%i requirements met)', (password, level, count) => {
    expect(passwordStrength(password)).toMatchObject({ level, count });
  });
});

describe('password widget', () => {
  it('shows and hides the password with a toggle button', async () => {
    const { user } = await renderWidgets();
    const input = screen.getByLabelText(/^Password/, { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'password');
  });

  it('lists the five requirements and the strength level as the user types', async () => {
    const { user } = await renderWidgets();
    const input = screen.getByLabelText(/^Password/, { selector: 'input' });
    expect(screen.queryByText(/Password strength/)).not.toBeInTheDocument();
    await user.type(input, 'abcD');
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    const checklist = screen.getByRole('list');
    const item = (name: string) => within(checklist).getByText(name).closest('li')!;
    expect(item('At least 8 characters')).toHaveAttribute('data-met', 'false');
    expect(item('One uppercase letter')).toHaveAttribute('data-met', 'true');
    expect(item('One lowercase letter')).toHaveAttribute('data-met', 'true');
    await user.type(input, '1!');
    expect(screen.getByText('Password strength: Medium')).toBeInTheDocument();
    await user.type(input, 'ef');
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
    expect(item('One special character')).toHaveTextContent('(done)');
    await user.type(input, 'ghij');
    expect(screen.getByText('Password strength: Very strong')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Very strong'));
  });
});
