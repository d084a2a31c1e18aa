import type { Page } from '@playwright/test';
import { checkPage, expect, test } from './fixtures';
import { startConversation } from './support/conversation';
import { demo, seedDemoProfiles } from './support/demo';
import { createProfile, secondBrowser, signUpByMail, uniqueEmail } from './support/session';
import type { components } from '../src/lib/api/openapi';

type ProfileList = components['schemas']['ProfileList'];
type VolunteerPage = components['schemas']['VolunteerPage'];

const MONTH_YEAR = new Intl.DateTimeFormat('nl-NL', {
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Amsterdam',
});

/** The account of a demo sitter, found as a visitor finds her. */
async function demoSitter(page: Page, name: string): Promise<number> {
  const list = (await (
    await page.request.get(`/api/profiles?type=vrijwilliger&q=${encodeURIComponent(name)}`)
  ).json()) as ProfileList;
  const card = list.profiles.find((found) => found.name.startsWith(name));
  if (!card) throw new Error(`demo sitter ${name} not listed`);
  const id = card.id.replace('volunteer-', '');
  const sitter = (await (await page.request.get(`/api/volunteers/${id}`)).json()) as VolunteerPage;
  return sitter.volunteer.user_id;
}

for (const [size, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['390', { width: 390, height: 844 }],
] as const) {
  test.describe(`trust signals and a new member's day at ${size} px`, () => {
    test.describe.configure({ timeout: 120_000 });
    test.use({ viewport });

    test("a sitter's page and card say since when she is a member and that she was here today, until she hides it; a new owner's fourth new conversation of the first day is refused in words", async ({
      page: owner,
      browser,
    }) => {
      await seedDemoProfiles();
      const surname = `Signaal${size}`;
      const sitter = await secondBrowser(browser);
      await sitter.setViewportSize(viewport);
      await signUpByMail(sitter, {
        firstName: 'Roos',
        lastName: surname,
        email: uniqueEmail(`signalen.oppas.${size}`),
      });
      const roos = await createProfile(sitter, {
        profileType: 'vrijwilliger',
        firstName: 'Roos',
        lastName: surname,
        postalCode: '3512',
      });
      if (roos.type !== 'vrijwilliger') throw new Error('a sitter');

      await signUpByMail(owner, {
        firstName: 'Bea',
        lastName: 'Nieuw',
        email: uniqueEmail(`signalen.baasje.${size}`),
      });
      await createProfile(owner, {
        profileType: 'huisdier',
        firstName: 'Bea',
        lastName: 'Nieuw',
        postalCode: '3512',
        petName: 'Snuf',
      });

      // Her page: the section about her on the platform.
      await owner.goto(`/vrijwilliger/${String(roos.profile.id)}`);
      const about = owner.getByRole('list', { name: 'Over Roos op Oppasmaatje' });
      await expect(about.getByRole('listitem')).toHaveText([
        `Lid sinds ${MONTH_YEAR.format(new Date())}`,
        'Vandaag actief',
        'Nog geen afspraken gehad',
      ]);
      await checkPage(owner, `signalen-oppas-${size}`);

      // Her card says it in short, in the order of the recently active.
      await owner.goto(`/profielen?q=${surname}&sort=recent-actief`);
      const card = owner.getByRole('article').filter({ hasText: `Roos ${surname}` });
      await expect(card.getByText('Vandaag actief')).toBeVisible();
      await expect(owner.getByLabel('Sorteren')).toHaveValue('recent-actief');

      // A new owner begins three conversations on her first day; the fourth is refused, in words.
      for (const name of [
        demo.volunteers.lotte.name,
        demo.volunteers.ahmed.name,
        demo.volunteers.fleur.name,
      ])
        await startConversation(owner, { targetUserId: await demoSitter(owner, name) });
      await owner.goto(`/vrijwilliger/${String(roos.profile.id)}`);
      await owner.getByRole('button', { name: 'Bericht sturen' }).first().click();
      await expect(
        owner
          .getByRole('alert')
          .filter({ hasText: 'Je kunt vandaag geen nieuwe gesprekken meer beginnen.' }),
      ).toHaveText(
        'Je kunt vandaag geen nieuwe gesprekken meer beginnen. Nieuwe leden kunnen 3 gesprekken per dag beginnen; morgen kan het weer.',
      );
      await expect(owner).toHaveURL(`/vrijwilliger/${String(roos.profile.id)}`);
      await checkPage(owner, `nieuw-lid-grens-${size}`);

      // She hides when she was last here: her page and card no longer say it.
      await sitter.goto('/instellingen');
      const shown = sitter.getByRole('checkbox', { name: 'Laat zien wanneer ik actief was' });
      await expect(shown).toBeChecked();
      await shown.uncheck();
      await expect(shown).not.toBeChecked();
      await checkPage(sitter, `privacy-instelling-${size}`);
      await owner.goto(`/vrijwilliger/${String(roos.profile.id)}`);
      await expect(about.getByRole('listitem')).toHaveText([
        `Lid sinds ${MONTH_YEAR.format(new Date())}`,
        'Nog geen afspraken gehad',
      ]);
      await owner.goto(`/profielen?q=${surname}`);
      await expect(card).toBeVisible();
      await expect(card.getByText('Vandaag actief')).toHaveCount(0);
    });
  });
}
