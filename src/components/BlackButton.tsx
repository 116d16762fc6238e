import './BlackButton.css';

export type BlackButtonProps = {
  label: string;
  /** Shown under the label, e.g. `$500`; nothing when null. */
  amount: string | null;
  onPress: (() => void) | null;
};

/** The big round black button of the home screen. */
export function BlackButton({ label, amount, onPress }: BlackButtonProps) {
  // Read aloud as one phrase, what it does and for how much ('Enter To Win $500'): the two
  // lines on the button would otherwise run together as 'Enter To Win$500'.
  const name = amount === null ? label : `${label} ${amount}`;
  return (
    <button type="button" className="black-button" aria-label={name} onClick={onPress ?? undefined}>
      <span className="black-button__label">{label}</span>
      {amount !== null && <span className="black-button__amount">{amount}</span>}
    </button>
  );
}
