//! [`PetHelpRepository`] on the database: a pet's need in its own columns, and its card rewritten
//! in the same transaction.

use crate::Database;
use crate::error::translate;
use crate::repos::cards::write_listing;
use crate::repos::instant::to_column;
use crate::repos::profiles::rows::{load_owner, load_pet};
use crate::schema::pets;
use crate::transaction::in_transaction;
use diesel::prelude::*;
use oppas_domain::profiles::card::{CardWrite, Listing};
use oppas_domain::profiles::help_needed::HelpNeeded;
use oppas_domain::profiles::ports::PetHelpRepository;
use oppas_domain::{PetId, RepositoryError};

impl PetHelpRepository for Database {
    fn save_pet_help(&self, card: &CardWrite, pet: PetId, help: Option<&HelpNeeded>) -> Result<bool, RepositoryError> {
        let now = self.clock.now();
        let kind = help.map(|help| help.kind().as_str());
        let (from, until, days) = match help {
            None => (None, None, 0),
            Some(HelpNeeded::Period { from, until }) => (Some(*from), Some(*until), 0),
            Some(HelpNeeded::Regular { days }) => (None, None, HelpNeeded::day_bits(days)),
        };
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let updated = diesel::update(pets::table.find(pet.get()))
                .set((
                    pets::help_kind.eq(kind),
                    pets::help_from.eq(from),
                    pets::help_until.eq(until),
                    pets::help_days.eq(days),
                    pets::updated_at.eq(to_column(now)),
                ))
                .execute(conn)
                .map_err(translate)?;
            if updated == 0 {
                return Ok(false);
            }
            if let Some(pet) = load_pet(conn, pet.get())?
                && let Some(owner) = load_owner(conn, pet.owner_id.get())?
            {
                write_listing(conn, card, &Listing::for_pet(&pet, &owner), now)?;
            }
            Ok(true)
        })
    }
}
