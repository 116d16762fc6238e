// What a screen reader says of the countdown on /home. The figures tick every second for the
// eye; read out each second they would drown everything else, so the words count whole
// minutes (rounded up: 4:05 left is 'in 5 minutes') and change, and are read, once a minute.

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Next drawing in 5 minutes', 'Next drawing in 23 hours 59 minutes', 'Next drawing in 1 hour'. */
export function countdownWords(totalSeconds: number): string {
  const minutes = Math.ceil(Math.max(0, Math.floor(totalSeconds)) / 60);
  if (minutes === 0) return 'The next drawing is starting';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    ...(hours > 0 ? [count(hours, 'hour', 'hours')] : []),
    ...(rest > 0 ? [count(rest, 'minute', 'minutes')] : []),
  ];
  return `Next drawing in ${parts.join(' ')}`;
}
