import './BlackButton.css';

export type BlackButtonProps = {
  label: string;
  /** Shown under the label, e.g. `$500`; nothing when null. */
  amount: string | null;
  onPress: (() => void) | null;
};

/** The big round black button of the home screen. */
export function BlackButton({ label, amount, onPress }: BlackButtonProps) {
  return (
    <button type="button" className="black-button" onClick={onPress ?? undefined}>
      <span className="black-button__label">{label}</span>
      {amount !== null && <span className="black-button__amount">{amount}</span>}
    </button>
  );
}
