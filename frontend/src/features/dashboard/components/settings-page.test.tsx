import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NO_SAVED_SEARCHES,
  NOBODY_BLOCKED,
  SAVED_SEARCHES_TITLE,
  SettingsPage,
  SettingsSkeleton,
} from '@/features/dashboard/components/settings-page';
import { aUser, fakeSession, onApi, requests, type FakeResponse } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render';

describe('SettingsPage', () => {
  beforeEach(() => {
    onApi('GET /api/users/me/settings', { status: 200, body: { messageEmails: true } });
    onApi('GET /api/trust/last-active', { status: 200, body: { shown: true } });
    onApi('GET /api/saved-searches', { status: 200, body: { searches: [], max: 10 } });
    onApi('GET /api/push', {
      status: 200,
      body: { publicKey: null, previews: false, devices: [], maxDevices: 10 },
    });
  });

  it('puts the notifications on this device right after the e-mail notifications', async () => {
    fakeSession(aUser());
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    renderWithProviders(<SettingsPage />);

    const push = await screen.findByRole('region', { name: 'Meldingen op dit apparaat' });
    expect(
      await within(push).findByText('Meldingen op je apparaat zijn nu niet beschikbaar.'),
    ).toBeInTheDocument();
    const titles = screen
      .getAllByRole('region')
      .map((section) => within(section).getByRole('heading', { level: 2 }).textContent);
    expect(titles.slice(0, 3)).toEqual([
      'Account en inloggen',
      'Meldingen',
      'Meldingen op dit apparaat',
    ]);
  });

  it('lets the person hide when they were last active, saved at once', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    onApi('PUT /api/trust/last-active', { status: 200, body: { shown: false } });
    renderWithProviders(<SettingsPage />);

    const privacy = await screen.findByRole('region', { name: 'Privacy' });
    const box = await within(privacy).findByRole('checkbox', {
      name: 'Laat zien wanneer ik actief was',
    });
    await waitFor(() => {
      expect(box).toBeEnabled();
    });
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() => {
      expect(
        requests.some(
          (request) =>
            request.method === 'PUT' && new URL(request.url).pathname === '/api/trust/last-active',
        ),
      ).toBe(true);
    });
    expect(box).not.toBeChecked();
  });

  it('lists the saved searches with a way to open and to remove each', async () => {
    fakeSession(aUser());
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    let searches = [
      {
        id: 4,
        label: 'Huisdieren · Kat · binnen 10 km van 3512 Utrecht',
        address: 'type=huisdier&near=3512&species=kat',
        createdAt: '2026-11-26T10:00:00Z',
      },
    ];
    onApi('GET /api/saved-searches', () => ({ status: 200, body: { searches, max: 10 } }));
    onApi('DELETE /api/saved-searches/4', () => {
      searches = [];
      return { status: 204 };
    });
    renderWithProviders(<SettingsPage />);

    const section = await screen.findByRole('region', { name: SAVED_SEARCHES_TITLE });
    const open = await within(section).findByRole('link', {
      name: 'Huisdieren · Kat · binnen 10 km van 3512 Utrecht openen',
    });
    expect(open).toHaveAttribute('href', '/profielen?type=huisdier&near=3512&species=kat');
    await userEvent.click(
      within(section).getByRole('button', {
        name: 'Huisdieren · Kat · binnen 10 km van 3512 Utrecht verwijderen',
      }),
    );
    expect(await within(section).findByText(NO_SAVED_SEARCHES)).toBeInTheDocument();
  });

  it('shows the address, the sign-in methods and the blocked people, and unblocks', async () => {
    fakeSession(
      aUser({
        email: 'anna@example.nl',
        google_user_data: { given_name: 'Anna', name: 'Anna J', picture: null },
      }),
    );
    let blocked = [
      { userId: 9, firstName: 'Karel', avatarUrl: null, blockedAt: '2026-11-24T10:00:00Z' },
    ];
    onApi('GET /api/blocks', () => ({ status: 200, body: { blocked } }));
    onApi('DELETE /api/blocks/9', () => {
      blocked = [];
      return { status: 204 };
    });
    renderWithProviders(<SettingsPage />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Instellingen' }),
    ).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Account en inloggen' });
    expect(account).toHaveTextContent('anna@example.nl');
    expect(within(account).getByText('Google')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Geblokkeerd' });
    await userEvent.click(await within(list).findByRole('button', { name: 'Karel deblokkeren' }));
    expect(await within(list).findByText(NOBODY_BLOCKED)).toBeInTheDocument();
  });

  it('offers a retry when the blocked people cannot be loaded, then lists them', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    onApi('GET /api/blocks', { status: 500, body: { error: 'Mis.', code: 'internal_error' } });
    renderWithProviders(<SettingsPage />);

    const list = await screen.findByRole('region', { name: 'Geblokkeerd' });
    expect(await within(list).findByRole('alert')).toHaveTextContent(
      'De lijst met geblokkeerde mensen kon niet worden geladen.',
    );
    onApi('GET /api/blocks', {
      status: 200,
      body: {
        blocked: [
          { userId: 9, firstName: 'Karel', avatarUrl: null, blockedAt: '2026-11-24T10:00:00Z' },
        ],
      },
    });
    await user.click(within(list).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(
      await within(list).findByRole('button', { name: 'Karel deblokkeren' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the e-mail setting cannot be loaded, then shows it', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    onApi('GET /api/users/me/settings', {
      status: 500,
      body: { error: 'Mis.', code: 'internal_error' },
    });
    renderWithProviders(<SettingsPage />);

    const section = await screen.findByRole('region', { name: 'Meldingen' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Je instelling voor e-mails kon niet worden geladen.',
    );
    onApi('GET /api/users/me/settings', { status: 200, body: { messageEmails: true } });
    await user.click(within(section).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(
      await within(section).findByRole('checkbox', { name: 'E-mail bij nieuwe berichten' }),
    ).toBeChecked();
  });

  it('downloads the archive as a file, busy until it has arrived', async () => {
    const user = userEvent.setup();
    fakeSession(aUser());
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    let arrive: (answer: FakeResponse) => void = () => undefined;
    onApi(
      'GET /api/users/me/export',
      () =>
        new Promise<FakeResponse>((resolve) => {
          arrive = resolve;
        }),
    );
    const saved: { blob: Blob; name: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ blob: blob as Blob, name: '' });
      return 'blob:mijn-gegevens';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    renderWithProviders(<SettingsPage />);
    const button = await screen.findByRole('button', { name: 'Download mijn gegevens' });
    await user.click(button);
    await waitFor(() => {
      expect(button).toBeDisabled();
    });
    expect(button).toHaveAttribute('aria-busy', 'true');

    arrive({
      status: 200,
      raw: 'PK-archief',
      headers: { 'Content-Type': 'application/zip' },
    });
    expect(await screen.findByText('Je gegevens zijn gedownload.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(button).toBeEnabled();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('oppasmaatje-mijn-gegevens.zip');
    expect(await saved[0]?.blob.text()).toBe('PK-archief');
  });

  it("says why a download is refused in the server's words", async () => {
    fakeSession(aUser());
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    onApi('GET /api/calendar-feed', { status: 200, body: { createdAt: null } });
    onApi('GET /api/users/me/export', {
      status: 429,
      body: {
        error: 'Je kunt je gegevens één keer per uur downloaden. Probeer het later opnieuw.',
        code: 'too_many_requests',
      },
    });
    renderWithProviders(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download mijn gegevens' }));
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Je kunt je gegevens één keer per uur downloaden.',
      );
    });
  });

  it('deletes the account only with the code from the e-mail, saying why a code is refused', async () => {
    fakeSession(aUser({ email: 'anna@example.nl' }));
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    onApi('POST /api/users/me/deletion-code', {
      status: 200,
      body: { message: 'We hebben een code gestuurd naar anna@example.nl.' },
    });
    const codes: string[] = [];
    onApi('POST /api/users/me/deletion', async (request) => {
      codes.push(((await request.json()) as { code: string }).code);
      return {
        status: 400,
        body: { error: 'Deze code klopt niet.', code: 'invalid_code' },
      };
    });
    renderWithProviders(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stuur de code' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'We hebben een code gestuurd naar anna@example.nl.',
    );
    await userEvent.type(within(dialog).getByLabelText('Code uit de e-mail'), ' 123456 ');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Account definitief verwijderen' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deze code klopt niet.');
    expect(codes).toEqual(['123456']);
  });

  it('keeps a code that was sent when the dialog closes, and asks for that code again rather than a new one', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ id: 7, email: 'anna@example.nl' }));
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    onApi('POST /api/users/me/deletion-code', {
      status: 200,
      body: { message: 'We hebben een code gestuurd naar anna@example.nl.' },
    });
    const codes: string[] = [];
    onApi('POST /api/users/me/deletion', async (request) => {
      codes.push(((await request.json()) as { code: string }).code);
      return { status: 400, body: { error: 'Deze code klopt niet.', code: 'invalid_code' } };
    });
    const codeRequests = () =>
      requests.filter((request) => new URL(request.url).pathname === '/api/users/me/deletion-code');
    const { unmount } = renderWithProviders(<SettingsPage />);

    await user.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stuur de code' }));
    await within(dialog).findByLabelText('Code uit de e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Opened again: the code already mailed, no second one.
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
    dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'We hebben een code gestuurd naar anna@example.nl.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Stuur de code' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Code uit de e-mail'), '123456');
    await user.click(
      within(dialog).getByRole('button', { name: 'Account definitief verwijderen' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deze code klopt niet.');
    expect(codes).toEqual(['123456']);

    // So after a reload of the page in this tab too, while the code is valid.
    unmount();
    renderWithProviders(<SettingsPage />);
    await user.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    expect(within(dialog).getByLabelText('Code uit de e-mail')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(codeRequests()).toHaveLength(1);

    // Once it has expired, a new one is asked for.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 11 * 60_000);
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
    dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    expect(within(dialog).getByRole('button', { name: 'Stuur de code' })).toBeVisible();
    expect(within(dialog).queryByLabelText('Code uit de e-mail')).not.toBeInTheDocument();
  });

  it("enters a code already mailed through 'Ik heb al een code', without asking for a new one", async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ email: 'anna@example.nl' }));
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    const codes: string[] = [];
    onApi('POST /api/users/me/deletion', async (request) => {
      codes.push(((await request.json()) as { code: string }).code);
      return { status: 400, body: { error: 'Deze code is verlopen.', code: 'invalid_code' } };
    });
    renderWithProviders(<SettingsPage />);

    await user.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ik heb al een code' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Vul de code in uit de e-mail die je al hebt gekregen.',
    );
    await user.type(within(dialog).getByLabelText('Code uit de e-mail'), '654321');
    await user.click(
      within(dialog).getByRole('button', { name: 'Account definitief verwijderen' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deze code is verlopen.');
    expect(codes).toEqual(['654321']);
    expect(
      requests.some((request) => new URL(request.url).pathname === '/api/users/me/deletion-code'),
    ).toBe(false);
  });

  it('deletes the account with the code, busy until signed out, then says it is done', async () => {
    const user = userEvent.setup();
    fakeSession(aUser({ email: 'anna@example.nl' }));
    onApi('GET /api/blocks', { status: 200, body: { blocked: [] } });
    onApi('POST /api/users/me/deletion-code', {
      status: 200,
      body: { message: 'We hebben een code gestuurd naar anna@example.nl.' },
    });
    let answer: (response: FakeResponse) => void = () => undefined;
    onApi(
      'POST /api/users/me/deletion',
      () =>
        new Promise<FakeResponse>((resolve) => {
          answer = resolve;
        }),
    );
    onApi('POST /api/logout', { status: 204 });
    renderWithProviders(<SettingsPage />, { path: '/instellingen' });
    await user.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stuur de code' }));
    await user.type(await within(dialog).findByLabelText('Code uit de e-mail'), '123456');
    const confirm = within(dialog).getByRole('button', { name: 'Account definitief verwijderen' });
    await user.click(confirm);
    await waitFor(() => {
      expect(confirm).toHaveAttribute('aria-busy', 'true');
    });
    expect(confirm).toBeDisabled();

    fakeSession(null);
    answer({ status: 204 });
    expect(await screen.findByText('Pagina: /account-verwijderd')).toBeInTheDocument();
    expect(
      requests.some(
        (request) => request.method === 'POST' && new URL(request.url).pathname === '/api/logout',
      ),
    ).toBe(true);
  });
});

describe('SettingsSkeleton', () => {
  it('shows every section in its place before it is known who is signed in', () => {
    renderWithProviders(<SettingsSkeleton />);

    expect(screen.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeInTheDocument();
    const titles = screen
      .getAllByRole('region')
      .map((section) => within(section).getByRole('heading', { level: 2 }).textContent);
    expect(titles).toEqual([
      'Account en inloggen',
      'Meldingen',
      'Meldingen op dit apparaat',
      'Privacy',
      'Agenda-abonnement',
      SAVED_SEARCHES_TITLE,
      'Geblokkeerd',
      'Je gegevens',
      'Account verwijderen',
    ]);
    for (const title of titles) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('Een inlogcode per e-mail')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'E-mail bij nieuwe berichten' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download mijn gegevens' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Account verwijderen' })).toBeDisabled();
  });
});
