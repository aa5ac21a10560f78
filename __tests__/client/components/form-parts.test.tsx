import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormField } from '../../../src/client/components/form-field';
import { LoadError } from '../../../src/client/components/load-error';
import { SaveCancelRow } from '../../../src/client/components/save-cancel-row';

describe('a form field', () => {
  it('ties its label and hint to the control, and is valid without an error', () => {
    render(
      <FormField label="Company name" hint="Shown on your reports.">
        {(control) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Company name');
    expect(input).toHaveAccessibleDescription('Shown on your reports.');
    expect(input).toBeValid();
  });

  it('shows the error beside the field, reads it out with the hint, and marks the control invalid', () => {
    render(
      <FormField label="Email" hint="We never share it." error="Please enter a valid email address">
        {(control) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAccessibleDescription('We never share it. Please enter a valid email address');
    expect(input).toBeInvalid();
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
  });
});

describe('the Save/Cancel row', () => {
  it('saves by submitting the form and cancels without submitting', async () => {
    const submitted = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    const cancelled = jest.fn();
    render(
      <form onSubmit={submitted}>
        <SaveCancelRow saving={false} onCancel={cancelled} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(submitted).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('says it is saving and cannot be pressed twice meanwhile', () => {
    render(<SaveCancelRow saving savingLabel="Working..." onCancel={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Working...' })).toBeDisabled();
  });

  it('cannot save while the form says it is not ready', () => {
    render(<SaveCancelRow saving={false} disabled onCancel={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('a block that did not load', () => {
  it('says what could not be loaded and tries again on request', async () => {
    const retry = jest.fn();
    render(<LoadError what="your reports" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your reports. Try again');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
