import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { PhoneInput } from '../../components/PhoneInput';
import { PhoneFormSchema, type PhoneFormInput, type PhoneFormOutput } from './phone-number';

export type PhoneFormProps = {
  id: string;
  submitLabel: string;
  /** The number with its leading 1, once the field's rules pass. */
  onSubmit: (phoneNumber: string) => void;
  /** False while the flow cannot take a number (a call is running). */
  canSubmit: boolean;
  busy: boolean;
  /** 'Get my code' shows only once something is typed. */
  hideSubmitWhileEmpty?: boolean;
};

/** A US phone number form (react-hook-form with the rules of spec section 5). */
export function PhoneForm({
  id,
  submitLabel,
  onSubmit,
  canSubmit,
  busy,
  hideSubmitWhileEmpty = false,
}: PhoneFormProps) {
  const { control, handleSubmit } = useForm<PhoneFormInput, unknown, PhoneFormOutput>({
    resolver: zodResolver(PhoneFormSchema),
    defaultValues: { phone: '' },
  });
  const isEmpty = useWatch({ control, name: 'phone' }).trim() === '';
  return (
    <form
      className="entry__form"
      noValidate
      onSubmit={(event) => {
        void handleSubmit((values) => onSubmit(values.phone))(event);
      }}
    >
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <PhoneInput
            ref={field.ref}
            id={id}
            name={field.name}
            label="Mobile number"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={busy}
            error={fieldState.error?.message}
          />
        )}
      />
      {!(hideSubmitWhileEmpty && isEmpty) && (
        <button type="submit" className="primary-button" disabled={!canSubmit} aria-busy={busy}>
          {submitLabel}
          {busy && <span className="entry__spinner" aria-hidden="true" />}
        </button>
      )}
    </form>
  );
}
