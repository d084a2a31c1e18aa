// The one label of each profile field, read alike in the wizard, the edit dialogs and the profile
// pages. A screen never words a field itself: it takes its label from here.

export const LABELS = {
  name: 'Naam',
  firstName: 'Voornaam',
  lastName: 'Achternaam',
  /** Place and postcode together, as the location dialog edits them. */
  whereabouts: 'Locatie',
  location: 'Woonplaats',
  postalCode: 'Postcode (4 cijfers)',
  phone: 'Telefoonnummer',
  dateOfBirth: 'Geboortedatum',
  age: 'Leeftijd',
  /** A sitter's about-me. */
  bio: 'Over mij',
  ownerBio: 'Over jezelf',
  /** The pet's description (an owner's draft carries it in `bio`). */
  petBio: 'Beschrijving',
  /** A sitter's experience level. */
  experience: 'Ervaring',
  /** An owner's experience, in their own words. */
  ownerExperience: 'Ervaring met huisdieren',
  availability: 'Beschikbaarheid',
  specialties: 'Specialiteiten',
  languages: 'Talen',
  maxDistance: 'Maximale afstand',
  hourlyRate: 'Uurtarief',
  hasOwnPet: 'Eigen huisdieren',
  transportMode: 'Vervoer',
  /** What kind of animal the pet is (asked first: the other pet fields follow it). */
  petSpecies: 'Soort dier',
  /** The kinds of animal a sitter knows. */
  species: 'Ervaring met',
  petName: 'Naam van je huisdier',
  petBreed: 'Ras',
  petAge: 'Leeftijd',
  petSize: 'Grootte',
  petGender: 'Geslacht',
  petPersonality: 'Karakter',
  petWeight: 'Gewicht',
  petGoodWith: 'Kan goed overweg met',
  petLookingFor: 'Gezochte hulp',
  petVaccinated: 'Gevaccineerd',
  petChipped: 'Gechipt',
  petNeutered: 'Gecastreerd/gesteriliseerd',
  petSpecialNeeds: 'Speciale behoeften',
  photo: 'Foto',
} as const;

/** The label of a required field in a form. */
export const required = (label: string) => `${label} *`;

/** The title of a field's edit dialog, and of the button that opens it. */
export const editTitle = (label: string) => `${label} bewerken`;
