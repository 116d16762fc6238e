// A failed call as the charts see it, read from whatever the call rejected with (the client's
// ApiFailure carries the HTTP status, 0 when the network failed, and the server's detail).

/** A failed call as the chart sees it: the status decides the branch, detail is shown. */
export type CallFailure = { status: number; detail: string | null };

/** Reads status and detail from whatever a call rejected with (the client's ApiFailure). */
export function toCallFailure(error: unknown): CallFailure {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error;
    const detail = 'detail' in error ? (error as { detail: unknown }).detail : null;
    return {
      status: typeof status === 'number' ? status : 0,
      detail: typeof detail === 'string' && detail.trim() !== '' ? detail : null,
    };
  }
  return { status: 0, detail: null };
}
