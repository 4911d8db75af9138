import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Radios } from '../../../src/client/components/radios';

const OPTIONS = [
  ['csv', 'A spreadsheet (CSV)'],
  ['fhir', 'FHIR'],
] as const;

describe('Radios: one group of radio buttons', () => {
  it('draws a labelled 44 px row per choice in the given layout, the chosen one checked', () => {
    const { container } = render(
      <Radios name="format" value="fhir" onChange={() => {}} options={OPTIONS} className="flex gap-4" />,
    );
    expect(container.firstElementChild?.className).toBe('flex gap-4');
    const csv = screen.getByRole('radio', { name: 'A spreadsheet (CSV)' }) as HTMLInputElement;
    const fhir = screen.getByRole('radio', { name: 'FHIR' }) as HTMLInputElement;
    expect([csv.checked, fhir.checked]).toEqual([false, true]);
    expect([csv.name, fhir.name, csv.value]).toEqual(['format', 'format', 'csv']);
    expect(csv.closest('label')?.className).toContain('min-h-11');
    expect(csv.getAttribute('aria-invalid')).toBeNull();
  });

  it('says the value chosen, and marks every button invalid while none is chosen and one must be', () => {
    const onChange = vi.fn();
    render(<Radios name="who" value="" onChange={onChange} options={OPTIONS} className="x" invalid />);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.checked)).toEqual([false, false]);
    expect(radios.map((radio) => radio.getAttribute('aria-invalid'))).toEqual(['true', 'true']);
    fireEvent.click(radios[1] as HTMLInputElement);
    expect(onChange).toHaveBeenCalledWith('fhir');
  });
});
