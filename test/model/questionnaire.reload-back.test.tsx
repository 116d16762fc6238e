// The questionnaire's resting screens in the signed-in app: the tutorial card before a first
// questionnaire, and each question on its card, 'Question 1 of 5' to 'Question 5 of 5', of a
// press's batch (a first-time player's, a returning player's) and of Tell Us More. Each is
// reached on the shortest path of the questionnaire's own model (helpers/questionnaire-model.ts)
// with its gestures (swipes and drags of the card, the centre marker, the red Skip) and the
// server's answers, in the questions flow the app runs after a press or from the tab; there the
// app is reloaded and the player goes Back (see helpers/reload-and-back.tsx): after the reload
// the same card shows, with the same progress (the batch goes on where it was); Back lands where
// it stays; no answer, entry, payment or batch is done twice.
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { ENTRY as PRESS_ENTRY } from './helpers/draw-fake-api';
import { planModel } from './helpers/generated-walks';
import {
  ENTRY as TELL_US_MORE_ENTRY,
  nextQuestionAnswer,
  questionAt,
} from './helpers/questionnaire-fake-api';
import { arrive, executors, type WalkStep } from './helpers/questionnaire-gestures';
import { TUTORIAL_TEXT } from './helpers/questionnaire-harness';
import {
  inputOf,
  logic,
  WALKS,
  type QuestionnaireSnapshot,
  type Walk,
} from './helpers/questionnaire-model';
import { describeEvent, eventsFor, serialize } from './helpers/questionnaire-paths';
import { STARTS, type FlowStart } from './helpers/questions-flow-harness';
import {
  expectQuestionCard,
  expectQuestionnaireTabs,
  passYouveEntered,
  path,
  tap,
} from './helpers/questions-gestures';
import { openForReload, reloadRun, type ReloadApp } from './helpers/questions-reload-app';
import { holdForQuestionnaire, reportsHeard, stepOf } from './helpers/questions-reload-held';
import { newServer } from './helpers/questions-reload-server';
import { describeReloadAndBack } from './helpers/reload-and-back';

/** A questionnaire as the app runs it: the flow's start that leads to it, and the way there. */
type AppWalk = Walk & { start: FlowStart; toQuestions: (app: QuestionsApp) => Promise<void> };
/** The app, and the walk of the questionnaire it runs. */
type QuestionsApp = ReloadApp & { walk: AppWalk };

const startOf = (label: string) => STARTS.find((start) => start.label === label)!;

/** After the press, nothing to play: What I Like, and (before a first questionnaire) the promises. */
async function pressThenWhatILike(app: QuestionsApp): Promise<void> {
  await app.walk.start.open(app);
  await passYouveEntered(app, []);
  await tap('What I Like');
  if (app.walk.start.firstTime) await tap("Got it, let's go");
}

/** The questionnaire's own walk of that name, as its model test takes it. */
const modelWalk = (name: string) => WALKS.find((walk) => walk.name.startsWith(name))!;

const APP_WALKS: AppWalk[] = [
  {
    // The press has answered by the time the questions begin: the batch has its entry.
    ...modelWalk('a first questionnaire after What I Like'),
    name: "a first-time player's batch, after 'What I Like' and the promises",
    drawEntry: PRESS_ENTRY,
    start: startOf('a first-time player presses the button'),
    toQuestions: pressThenWhatILike,
  },
  {
    // A returning player this device has seen finish no questionnaire yet.
    ...modelWalk("a returning player's batch after a press"),
    name: "a returning player's batch, after 'What I Like'",
    hasFinishedQuestionnaire: false,
    drawEntry: PRESS_ENTRY,
    start: startOf('a returning player presses the button'),
    toQuestions: pressThenWhatILike,
  },
  {
    ...modelWalk('Tell Us More, not known to have finished'),
    name: "a returning player's Tell Us More",
    start: startOf("a returning player's Tell Us More tab"),
    toQuestions: (app) => app.walk.start.open(app),
  },
];

/** The card answered: the server heard the answer to its question, against the entry. */
async function answer(step: WalkStep, app: QuestionsApp): Promise<void> {
  await executors['card.answer'](step);
  const { question, choice } = step.state.context;
  expect(app.drawApi.callsOf('answerQuestion').at(-1)).toMatchObject({
    questionId: question!.id,
    answer: choice === 'yes',
    isSkipped: choice === 'skip',
    draw_entry_id: app.server.entry.id,
  });
}

/** The questionnaire's resting screens: the tutorial card, a question ready to answer. */
const isResting = (snapshot: QuestionnaireSnapshot) =>
  snapshot.matches({ questions: 'tutorial' }) ||
  snapshot.matches({ questions: { showing: 'ready' } });

/** What the player tells apart: the tutorial, or the question's place in the batch. */
const describeCard = (snapshot: QuestionnaireSnapshot) =>
  snapshot.matches({ questions: 'tutorial' })
    ? 'the tutorial card'
    : `Question ${snapshot.context.questionnaireProgress + 1} of 5`;

async function expectScreen(snapshot: QuestionnaireSnapshot, app: QuestionsApp): Promise<void> {
  if (snapshot.matches({ questions: 'tutorial' })) {
    await waitFor(() => expect(path()).toBe('/questionnaire'));
    await screen.findByText(TUTORIAL_TEXT);
  } else {
    const { question, questionnaireProgress } = snapshot.context;
    // Reloaded, the card comes again: its answers are on once it has arrived.
    await expectQuestionCard(
      question!.prompt,
      questionnaireProgress + 1,
      5,
      app.reloaded ? app : undefined,
    );
  }
  expectQuestionnaireTabs(app.walk.mode === 'tellUsMore');
  // The questionnaire is where the walk left it: the same card, the same answers given.
  await waitFor(() =>
    expect(serialize(stepOf(app, 'questionnaire').getSnapshot() as QuestionnaireSnapshot)).toBe(
      serialize(snapshot),
    ),
  );
}

for (const walk of APP_WALKS) {
  const { model } = planModel({
    logic,
    events: eventsFor(walk),
    serialize,
    describeEvent,
    input: () => inputOf(walk),
  });
  const events: Record<string, (step: WalkStep, app: QuestionsApp) => Promise<void>> = {
    'xstate.init': async (step, app) => {
      await walk.toQuestions(app);
      await arrive(step.state);
    },
    ...executors,
    'card.answer': answer,
  };

  describeReloadAndBack(`the questionnaire, a reload and Back at every card (${walk.name})`, {
    model,
    isResting,
    describe: describeCard,
    open: async () => {
      const heard = reportsHeard();
      const entry = walk.drawEntry ?? TELL_US_MORE_ENTRY;
      const server = newServer(entry, (answered) => nextQuestionAnswer(questionAt(answered)));
      const app = await openForReload(walk.start, server, heard.inspect);
      return { ...app, walk, release: holdForQuestionnaire(app, walk, heard.reports) };
    },
    events,
    expectScreen,
    ...reloadRun<QuestionsApp>(),
  });
}
