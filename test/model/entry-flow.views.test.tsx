// The entry views' own rules, which the machine never sees: the phone field's validation and
// formatting, the code boxes' focus, the swipe thresholds, the desktop disclaimer, the invite
// code field; plus arriving by Back and by a redirect.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { InstructionSlides } from '../../src/components/InstructionSlides';
import { CodeBoxes } from '../../src/features/entry-flow/CodeBoxes';
import { PhoneForm } from '../../src/features/entry-flow/PhoneForm';
import { STARTING_SLIDES } from '../../src/features/entry-flow/slides';
import { screenState } from '../../src/lib/route-follower';
import { settle } from '../support/settle';
import { setDevice } from './helpers/device';
import { INVITE_LINK_CODE, LOGIN, PHONE_NUMBER } from './helpers/entry-flow-model';
import { renderEntryFlow } from './helpers/entry-flow-harness';

async function drag(
  user: ReturnType<typeof userEvent.setup>,
  element: Element,
  pointer: 'mouse' | 'touch',
  dx: number,
  dy = 0,
) {
  const key = pointer === 'mouse' ? 'MouseLeft' : 'TouchA';
  await user.pointer([
    { keys: `[${key}>]`, target: element, coords: { clientX: 200, clientY: 400 } },
    {
      ...(pointer === 'touch' ? { pointerName: 'TouchA' } : {}),
      target: element,
      coords: { clientX: 200 + dx / 2, clientY: 400 + dy / 2 },
    },
    {
      ...(pointer === 'touch' ? { pointerName: 'TouchA' } : {}),
      target: element,
      coords: { clientX: 200 + dx, clientY: 400 + dy },
    },
    { keys: `[/${key}]`, target: element },
  ]);
}

describe('the phone field', () => {
  function renderForm(hideSubmitWhileEmpty = false) {
    const onSubmit = vi.fn<(phone: string) => void>();
    render(
      <PhoneForm
        id="phone"
        submitLabel="Enter"
        canSubmit
        busy={false}
        hideSubmitWhileEmpty={hideSubmitWhileEmpty}
        onSubmit={onSubmit}
      />,
    );
    return { onSubmit, user: userEvent.setup(), field: screen.getByLabelText('Mobile number') };
  }

  it('formats a US number as it is typed and sends it with its leading 1', async () => {
    const { onSubmit, user, field } = renderForm();
    await user.type(field, '202555');
    expect(field).toHaveProperty('value', '(202) 555');
    await user.type(field, '0123');
    expect(field).toHaveProperty('value', '(202) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    expect(onSubmit).toHaveBeenCalledWith(PHONE_NUMBER);
  });

  it("says 'Phone number cannot be empty.' for an empty field", async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    expect(await screen.findByText('Phone number cannot be empty.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(['202555', '1025550123', '202555012345'])(
    "says 'Must be a valid mobile number' for %s",
    async (typed) => {
      const { onSubmit, user, field } = renderForm();
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Enter' }));
      expect(await screen.findByText('Must be a valid mobile number')).toBeTruthy();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('takes at most 15 digits and offers no country to choose', async () => {
    const { user, field } = renderForm();
    await user.type(field, '12345678901234567890');
    expect((field as HTMLInputElement).value.replace(/\D/g, '')).toHaveLength(15);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('backspace over a bracket removes the digit before it', async () => {
    const { user, field } = renderForm();
    await user.type(field, '202');
    expect(field).toHaveProperty('value', '(202)');
    await user.type(field, '{Backspace}');
    expect(field).toHaveProperty('value', '20');
  });

  it("shows 'Get my code' only once something is typed", async () => {
    const { user, field } = renderForm(true);
    expect(screen.queryByRole('button')).toBeNull();
    await user.type(field, '2');
    expect(screen.getByRole('button', { name: 'Enter' })).toBeTruthy();
    await user.clear(field);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the verification code boxes', () => {
  function renderBoxes() {
    const onComplete = vi.fn<(code: string) => void>();
    render(<CodeBoxes disabled={false} onComplete={onComplete} />);
    const boxes = [1, 2, 3, 4].map((n) => screen.getByLabelText(`Digit ${n}`));
    return { onComplete, boxes, user: userEvent.setup() };
  }

  it('takes digits only, moves on as they are typed, and submits on the fourth', async () => {
    const { onComplete, boxes, user } = renderBoxes();
    await user.click(boxes[0]!);
    await user.keyboard('a4');
    expect(boxes[0]).toHaveProperty('value', '4');
    expect(document.activeElement).toBe(boxes[1]);
    await user.keyboard('82');
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('1');
    expect(onComplete).toHaveBeenCalledWith('4821');
  });

  it('backspace on an empty box clears and focuses the previous one', async () => {
    const { boxes, user } = renderBoxes();
    await user.click(boxes[0]!);
    await user.keyboard('48');
    expect(document.activeElement).toBe(boxes[2]);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes[1]);
    expect(boxes[1]).toHaveProperty('value', '');
    expect(boxes[0]).toHaveProperty('value', '4');
  });

  it('a pasted code fills every box', async () => {
    const { onComplete, boxes, user } = renderBoxes();
    await user.click(boxes[0]!);
    await user.paste('4821');
    expect(onComplete).toHaveBeenCalledWith('4821');
  });
});

describe('the instruction slides', () => {
  async function renderSlides(showArrow = true) {
    const handlers = { onNext: vi.fn(), onPrevious: vi.fn(), onSwipeUp: vi.fn(), onSkip: vi.fn() };
    render(
      <InstructionSlides
        slides={STARTING_SLIDES}
        index={2}
        showArrow={showArrow}
        showSkip
        {...handlers}
      />,
    );
    return {
      ...handlers,
      user: userEvent.setup(),
      // The track follows drags once the gesture code has loaded, right after the first paint.
      track: await screen.findByTestId('instruction-slides-track'),
    };
  }

  it('has at least 7 slides, the last one Welcome to BLACK BUTTON', () => {
    expect(STARTING_SLIDES.length).toBe(7);
    expect(STARTING_SLIDES[6]?.title).toBe('Welcome to BLACK BUTTON');
  });

  it('a touch swipe needs more than 50 px', async () => {
    const { onNext, user, track } = await renderSlides();
    await drag(user, track, 'touch', -40);
    expect(onNext).not.toHaveBeenCalled();
    await drag(user, track, 'touch', -60);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('a mouse drag needs more than 100 px, either way', async () => {
    const { onNext, onPrevious, user, track } = await renderSlides();
    await drag(user, track, 'mouse', -90);
    await drag(user, track, 'mouse', 90);
    expect(onNext).not.toHaveBeenCalled();
    expect(onPrevious).not.toHaveBeenCalled();
    await drag(user, track, 'mouse', -120);
    await drag(user, track, 'mouse', 120);
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('an upward swipe needs more than 100 px', async () => {
    const { onSwipeUp, user, track } = await renderSlides();
    await drag(user, track, 'touch', 0, -90);
    expect(onSwipeUp).not.toHaveBeenCalled();
    await drag(user, track, 'touch', 0, -120);
    expect(onSwipeUp).toHaveBeenCalledTimes(1);
  });

  it('hides the arrow when told', async () => {
    await renderSlides(false);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
  });
});

describe('entry pages', () => {
  async function atTicketReceived() {
    const app = renderEntryFlow();
    await act(async () => {
      navigate(`/?code=${INVITE_LINK_CODE}`);
      await Promise.resolve();
    });
    await app.user.click(await screen.findByRole('button', { name: 'Skip' }));
    await app.user.click(screen.getByRole('button', { name: 'ENTER' }));
    app.advance(2500);
    await screen.findByText(/one entry ticket for the daily lottery/);
    return app;
  }

  it('counts the invite link click', async () => {
    const app = await atTicketReceived();
    expect(app.api.callsOf('countInviteClick')).toEqual([INVITE_LINK_CODE]);
  });

  it('ticket received: a drag of 100 px or less stays, more goes to /onboarding', async () => {
    const app = await atTicketReceived();
    const area = await screen.findByTestId('ticket-received');
    await drag(app.user, area, 'mouse', -90);
    await drag(app.user, area, 'touch', -80);
    expect(app.snapshot().value).toBe('startingPage');
    expect(app.snapshotOf<{ value: unknown }>('startingPage')?.value).toBe('ticketReceived');
    await drag(app.user, area, 'touch', -130);
    await waitFor(() => expect(window.location.pathname).toBe('/onboarding'));
    // The screen's state, with the entry's index the route sync adds to it.
    expect(screenState(window.history.state)).toEqual({
      inviteCode: INVITE_LINK_CODE,
      skipDisclaimers: false,
    });
  });

  it('on a desktop the disclaimer has no box and SUBMIT works at once', async () => {
    setDevice('desktop');
    const app = renderEntryFlow();
    await act(async () => {
      navigate('/disclaimer');
      await Promise.resolve();
    });
    expect(screen.queryByRole('checkbox')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    await waitFor(() => expect(window.location.pathname).toBe('/invite-code'));
    expect(app.onTermsAccepted).toHaveBeenCalledTimes(1);
  });

  it('a visitor who accepted the terms is sent on from / to /invite-code', async () => {
    renderEntryFlow({ hasAcceptedTerms: true });
    await act(async () => {
      navigate('/');
      await Promise.resolve();
    });
    await screen.findByRole('heading', { name: 'Enter Invitation Code' });
    expect(window.location.pathname).toBe('/invite-code');
  });

  it('the invite code field requires a code and takes at most 11 characters', async () => {
    const app = renderEntryFlow();
    await act(async () => {
      navigate('/invite-code');
      await Promise.resolve();
    });
    await app.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invite code is required')).toBeTruthy();
    await app.user.type(screen.getByLabelText('Invitation code'), 'ABCDEFGHIJKLMNO');
    expect(screen.getByLabelText('Invitation code')).toHaveProperty('value', 'ABCDEFGHIJK');
    expect(app.api.calls).toEqual([]);
  });

  it('Back from /login lands on the phone entry again', async () => {
    window.localStorage.setItem('inviteCode', 'BLACK2025');
    const app = renderEntryFlow({ hasAcceptedTerms: true });
    await act(async () => {
      navigate('/onboarding');
      await Promise.resolve();
    });
    await app.user.type(await screen.findByLabelText('Mobile number'), '2025550123');
    await app.user.click(screen.getByRole('button', { name: 'Enter' }));
    await act(async () => {
      app.api.resolve('register', { data: LOGIN.user });
      await Promise.resolve();
    });
    await screen.findByRole('heading', { name: 'Enter Verification Code' });
    expect(screenState(window.history.state)).toEqual({ phoneNumber: PHONE_NUMBER });
    // Back's popstate comes on a later turn: wait for the address, then the screen.
    await act(async () => {
      window.history.back();
      await settle();
    });
    await waitFor(() => expect(window.location.pathname).toBe('/onboarding'));
    await screen.findByRole('heading', { name: 'Verify Your Mobile Number' });
    expect(app.snapshot().value).toEqual({ onboarding: 'enteringPhone' });
    expect(app.snapshotOf<{ value: unknown }>('phoneRegistration')?.value).toBe('enteringPhone');
  });
});
