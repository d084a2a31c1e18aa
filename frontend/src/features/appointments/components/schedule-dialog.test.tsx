import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schedule } from '@/features/appointments/api/schedule';
import { ScheduleDialog } from '@/features/appointments/components/schedule-dialog';
import { aUser, fakeSession, onApi, requests } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

const SCHEDULE: Schedule = {
  week: [{ day: 'maandag', part: 'ochtend' }],
  away: [],
  paused: false,
};

function renderDialog(schedule: Schedule = SCHEDULE) {
  fakeSession(aUser({ id: 7 }));
  const onClose = vi.fn();
  renderWithProviders(<ScheduleDialog schedule={schedule} open onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Wanneer kun je helpen?' }) };
}

/** The `index`th of `fields`, which the test expects to be there. */
function nth(fields: HTMLElement[], index: number): HTMLElement {
  const field = fields[index];
  if (!field) throw new Error(`no field ${String(index)}`);
  return field;
}

const puts = () => requests.filter((request) => request.method === 'PUT');

describe('ScheduleDialog', () => {
  it('saves the ticked week, the periods filled in (not the empty ones) and the pause, and closes', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    onApi('PUT /api/volunteers/me/schedule', async (request) => {
      const body = (await request.json()) as Schedule;
      sent.push(body);
      return { status: 200, body };
    });
    const { dialog, onClose } = renderDialog();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Maandag ochtend' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Zaterdag middag' }));
    await user.click(within(dialog).getByRole('button', { name: 'Periode toevoegen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Periode toevoegen' }));
    await user.type(nth(within(dialog).getAllByLabelText('Van'), 1), '2030-07-01');
    await user.type(nth(within(dialog).getAllByLabelText('Tot en met'), 1), '2030-07-14');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Tijdelijk niet beschikbaar/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Bewaren' }));

    await waitFor(() => {
      expect(onClose).toHaveBeenCalledOnce();
    });
    expect(sent).toEqual([
      {
        week: [{ day: 'zaterdag', part: 'middag' }],
        away: [{ from: '2030-07-01', until: '2030-07-14' }],
        paused: true,
      },
    ]);
  });

  it('keeps Bewaren off while a period has one date only, says so, and sends nothing', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Periode toevoegen' }));
    const save = within(dialog).getByRole('button', { name: 'Bewaren' });
    expect(save).toBeEnabled();
    await user.type(within(dialog).getByLabelText('Van'), '2030-07-01');
    expect(within(dialog).getByText('Vul bij elke periode beide data in.')).toBeVisible();
    expect(save).toBeDisabled();
    await user.click(save);
    expect(puts()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Tot en met'), '2030-07-14');
    expect(within(dialog).queryByText('Vul bij elke periode beide data in.')).toBeNull();
    expect(save).toBeEnabled();
  });

  it("shows the server's refusal of a period at that period, counting only the periods sent", async () => {
    const user = userEvent.setup();
    onApi('PUT /api/volunteers/me/schedule', {
      status: 422,
      body: {
        error: 'Deze periode overlapt met een andere. Voeg ze samen tot één periode.',
        code: 'invalid_input',
        field: 'away[1]',
      },
    });
    const { dialog, onClose } = renderDialog({
      ...SCHEDULE,
      away: [{ from: '2030-07-01', until: '2030-07-14' }],
    });

    // An empty period between the two is not sent: the server's second is the third here.
    await user.click(within(dialog).getByRole('button', { name: 'Periode toevoegen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Periode toevoegen' }));
    await user.type(nth(within(dialog).getAllByLabelText('Van'), 2), '2030-07-10');
    await user.type(nth(within(dialog).getAllByLabelText('Tot en met'), 2), '2030-07-20');
    await user.click(within(dialog).getByRole('button', { name: 'Bewaren' }));

    const message = 'Deze periode overlapt met een andere. Voeg ze samen tot één periode.';
    expect(await within(dialog).findByText(message)).toBeVisible();
    const from = within(dialog).getAllByLabelText('Van');
    expect(from[2]).toHaveAccessibleDescription(message);
    expect(from[0]).toBeValid();
    expect(from[1]).toBeValid();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refusal of all periods above, and a failed connection in words', async () => {
    const user = userEvent.setup();
    let calls = 0;
    onApi('PUT /api/volunteers/me/schedule', () => {
      calls += 1;
      if (calls === 1) {
        return {
          status: 422,
          body: {
            error: 'Je kunt hoogstens 10 periodes van afwezigheid bewaren.',
            code: 'invalid_input',
            field: 'away',
          },
        };
      }
      throw new TypeError('Failed to fetch');
    });
    const { dialog, onClose } = renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Je kunt hoogstens 10 periodes van afwezigheid bewaren.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Bewaren' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Bewaren lukte niet. Probeer het opnieuw.',
      );
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});
