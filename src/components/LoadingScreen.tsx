/** While a screen's code or its flow's step loads: an empty screen that says it is busy. */
export function LoadingScreen() {
  return <main className="screen" aria-busy="true" aria-label="Loading" />;
}
