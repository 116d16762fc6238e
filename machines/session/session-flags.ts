// The session's flags the draw keeps a copy of (it hears each change as `session.flagsChanged`).
// A module of its own, so the session hands them over without loading the draw's chart.

/** What the draw reads from the session. */
export type SessionFlags = {
  isFirstTimeUser: boolean;
  isFirstQuestionnaire: boolean;
  /** The draws whose grand prize has been announced on this device. */
  announcedGrandPrizeDrawIds: readonly number[];
};

/** The draw's copy of the session's flags, from the session's own (its context). */
export function sessionFlagsOf(session: SessionFlags): SessionFlags {
  return {
    isFirstTimeUser: session.isFirstTimeUser,
    isFirstQuestionnaire: session.isFirstQuestionnaire,
    announcedGrandPrizeDrawIds: session.announcedGrandPrizeDrawIds,
  };
}
