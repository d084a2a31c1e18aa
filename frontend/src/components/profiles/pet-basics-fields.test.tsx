import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PetBasicsFields } from '@/components/profiles/pet-basics-fields';
import * as V from '@/lib/api/vocabulary';
import { DRAFT_MAX_LENGTH } from '@/lib/api/vocabulary';

interface Values {
  petSpecies: string;
  petName: string;
  petBreed: string;
  petAge: string;
}

function Form({ nameError }: { nameError?: string }) {
  const { register, control } = useForm<Values>({
    defaultValues: { petSpecies: '', petName: '', petBreed: '', petAge: '' },
  });
  const species = useWatch({ control, name: 'petSpecies' });
  return (
    <form>
      <PetBasicsFields
        register={register}
        errors={nameError === undefined ? {} : { petName: { message: nameError } }}
        species={species}
      >
        <p>Meer velden</p>
      </PetBasicsFields>
      <output aria-label="Gekozen">{species}</output>
    </form>
  );
}

describe('PetBasicsFields', () => {
  it('offers the species words of the wizard and registers the choice', async () => {
    const user = userEvent.setup();
    render(<Form />);

    const species = screen.getByRole('combobox', { name: 'Soort dier *' });
    const offered = within(species)
      .getAllByRole('option')
      .map((option) => option.textContent);
    for (const value of V.Species.wizard) {
      expect(offered).toContain(V.Species.labels[value]);
    }
    expect(offered).toContain('Paard of pony');

    await user.selectOptions(species, 'Kat');
    expect(screen.getByRole('status', { name: 'Gekozen' })).toHaveTextContent('kat');
  });

  it('asks the name, breed and age with their limits, and shows a refusal', () => {
    render(<Form nameError="Vul de naam van je huisdier in." />);

    const name = screen.getByRole('textbox', { name: 'Naam van je huisdier *' });
    expect(name).toHaveAttribute('maxlength', String(DRAFT_MAX_LENGTH.petName));
    expect(name).toHaveAccessibleDescription(/Vul de naam van je huisdier in\./);
    expect(screen.getByRole('textbox', { name: 'Ras' })).toHaveAttribute(
      'maxlength',
      String(DRAFT_MAX_LENGTH.petBreed),
    );
    expect(screen.getByRole('textbox', { name: 'Leeftijd' })).toHaveAttribute(
      'maxlength',
      String(DRAFT_MAX_LENGTH.petAge),
    );
    // More fields of the form sit beside the breed and the age.
    expect(screen.getByText('Meer velden').parentElement).toBe(
      screen.getByRole('textbox', { name: 'Leeftijd' }).closest('.grid'),
    );
  });
});
