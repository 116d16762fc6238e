// The phone field understands a US number typed the way people are used to writing it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhoneForm } from '../../src/features/entry-flow/PhoneForm';

function renderForm() {
  const onSubmit = vi.fn<(phone: string) => void>();
  render(<PhoneForm id="phone" submitLabel="Enter" canSubmit busy={false} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup(), field: screen.getByLabelText('Mobile number') };
}

describe('the phone field and a country code typed by habit', () => {
  it('takes a leading 1 as the +1 it shows: (415) 555-0101, sent as 14155550101', async () => {
    const { onSubmit, user, field } = renderForm();
    await user.type(field, '14155550101');
    expect(field).toHaveProperty('value', '(415) 555-0101');
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    expect(onSubmit).toHaveBeenCalledWith('14155550101');
  });

  it('takes a pasted +1 number the same way', async () => {
    const { onSubmit, user, field } = renderForm();
    await user.click(field);
    await user.paste('+1 415-555-0101');
    expect(field).toHaveProperty('value', '(415) 555-0101');
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    expect(onSubmit).toHaveBeenCalledWith('14155550101');
  });
});
