// The signed-in app held for the gestures of a step's own walk (questionnaire-gestures.ts,
// reward-playback-gestures.ts), which reach for the running step through their harness's
// `current` app: here the step runs inside the questions flow of the real app, so the app is
// held as the parts those gestures use (the step's actor, the calls, the clock, the player, what
// the draw was told), each taken from the app.
import userEvent from '@testing-library/user-event';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { Reward } from '../../../contract/api';
import type { QuestionnaireReport } from '../../../machines/questionnaire/questionnaire.types';
import type { RewardPlaybackInput } from '../../../machines/reward-playback/reward-playback.machine';
import type { DrawCallName } from './draw-fake-api';
import {
  current as heldQuestionnaire,
  type open as openQuestionnaire,
} from './questionnaire-harness';
import type { Walk } from './questionnaire-model';
import type { ReloadApp } from './questions-reload-app';
import {
  current as heldPlayback,
  followShownSince,
  type open as openPlayback,
  type Played,
} from './reward-playback-harness';
import type { PlaybackSnapshot } from './reward-playback-model';

/** The running step of the flow, by its id (the flow's child). */
export function stepOf(app: ReloadApp, id: 'questionnaire' | 'rewardPlayback'): AnyActorRef {
  const step = (app.flow()?.children as Record<string, AnyActorRef | undefined> | undefined)?.[id];
  if (!step) throw new Error(`The questions flow does not run its ${id}`);
  return step;
}

/** What the questionnaire told the draw, heard through the app's inspection. */
export function reportsHeard() {
  const reports: QuestionnaireReport[] = [];
  return {
    reports,
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.event') return;
      if ((event.sourceRef as AnyActorRef | undefined)?.id !== 'questionnaire') return;
      if ((event.actorRef as AnyActorRef).id !== 'questionsFlow') return;
      if (event.event.type.startsWith('questionnaire.')) {
        reports.push(event.event as QuestionnaireReport);
      }
    },
  };
}

/**
 * Holds `app` for the questionnaire's gestures, as the questionnaire of `walk`; returns what
 * lets it go.
 */
export function holdForQuestionnaire(
  app: ReloadApp,
  walk: Walk,
  reports: QuestionnaireReport[],
): () => void {
  const { drawApi } = app;
  const held = {
    walk,
    // The click events logged, as the questionnaire's own stand-in lists them.
    api: Object.assign(drawApi, { clicks: () => drawApi.callsOf('click') }),
    clock: app.clock,
    user: userEvent.setup(),
    draw: { reports, told: () => reports.map(({ type }) => type) },
    get actor() {
      return stepOf(app, 'questionnaire');
    },
    last: null,
  };
  return heldQuestionnaire.hold(held as unknown as ReturnType<typeof openQuestionnaire>, () => {
    // The app is closed by its walk.
  });
}

/** A call of the app's, settled as the playback's own stand-in settles it. */
function settling(app: ReloadApp, call: DrawCallName, wrap: (value: never) => unknown) {
  if (!app.drawApi.isWaiting(call)) return null;
  return {
    resolve: (value: unknown) => app.drawApi.resolve(call, wrap(value as never)),
    reject: (error: unknown) => app.drawApi.reject(call, error),
  };
}

/**
 * The playback's record of a run, for an app that has not opened yet: which reward is on
 * screen since when (followed through the app's inspection), and its calls. The app is silent
 * (no sound, no vibration).
 */
export function playbackFollowed(input: RewardPlaybackInput) {
  let app: ReloadApp | null = null;
  const played = {
    sounds: 0,
    vibrations: [],
    marked: [],
    shownSince: null,
    get answer() {
      return app && settling(app, 'markRewardsPlayedBack', (value) => value);
    },
    get listing() {
      return app && settling(app, 'rewards', (rewards: Reward[]) => ({ data: rewards }));
    },
  } as unknown as Played;
  const follow = (event: InspectionEvent) => {
    if (event.type !== '@xstate.snapshot') return;
    if ((event.actorRef as AnyActorRef).id !== 'rewardPlayback') return;
    if (app) followShownSince(played, app.clock)(event.snapshot as PlaybackSnapshot);
  };
  return {
    inspect: follow,
    /** Holds the opened `app` for the playback's gestures; returns what lets it go. */
    hold: (opened: ReloadApp) => {
      app = opened;
      const held = {
        input,
        played,
        clock: opened.clock,
        get actor() {
          return stepOf(opened, 'rewardPlayback');
        },
      };
      return heldPlayback.hold(held as unknown as ReturnType<typeof openPlayback>, () => {
        // The app is closed by its walk.
      });
    },
  };
}
