import { describe, expect, it } from 'vitest';
import {
  draftFromProfile,
  splitName,
} from '@/features/profiles/api/draft-from-profile';
import { aVolunteerLookup, anOwnerLookup } from '@/testing/profiles';

describe('splitName', () => {
  it('splits at the first space', () => {
    expect(splitName('Anna van Dijk')).toEqual({ firstName: 'Anna', lastName: 'van Dijk' });
  });

  it('keeps a single name as the first name', () => {
    expect(splitName('  Cher ')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('draftFromProfile', () => {
  it('rebuilds a volunteer draft with the private fields', () => {
    const draft = draftFromProfile(
      aVolunteerLookup({ phone: '0612345678', date_of_birth: '1990-05-01' }),
    );
    expect(draft).toMatchObject({
      profileType: 'vrijwilliger',
      firstName: 'Lotte',
      lastName: 'Jansen',
      bio: 'Ik ben dol op honden en loop graag lange rondjes.',
      location: 'Haarlem',
      postalCode: '2011',
      phone: '0612345678',
      dateOfBirth: '1990-05-01',
      experience: 'ervaren',
      availability: ['Doordeweeks avond', 'Weekend overdag'],
      maxDistance: 5,
      hourlyRate: 'gratis',
      hasOwnPet: 'nee',
      transportMode: 'fiets',
      languages: ['Nederlands'],
      petName: null,
    });
  });

  it('rebuilds an owner draft from the owner and their first pet', () => {
    const draft = draftFromProfile(
      anOwnerLookup(
        { avatar_url: '/uploads/bobby.png', looking_for: ['Uitlaten', 'Logeren'] },
        { bio: 'Ik werk vaak laat.', avatar_url: '/uploads/sanne.png', phone: '0687654321' },
      ),
    );
    expect(draft).toMatchObject({
      profileType: 'huisdier',
      firstName: 'Sanne',
      lastName: 'de Vries',
      ownerBio: 'Ik werk vaak laat.',
      ownerAvatarUrl: '/uploads/sanne.png',
      phone: '0687654321',
      location: 'Utrecht',
      postalCode: '3512',
      petName: 'Bobby',
      petBreed: 'Labrador',
      petSize: 'groot',
      petGender: 'reu',
      petGoodWith: ['Kinderen'],
      petLookingFor: ['Uitlaten', 'Logeren'],
      avatarUrl: '/uploads/bobby.png',
      bio: 'Bobby houdt van lange wandelingen.',
      availability: null,
    });
  });
});
