//! [`ScheduleRepository`] on the database: a sitter's week and pause on her profile row, her
//! periods away in their own table, and her card rewritten with them.

use crate::Database;
use crate::error::translate;
use crate::repos::cards::write_listing;
use crate::repos::instant::to_column;
use crate::repos::profiles::rows::load_volunteer;
use crate::schema::{away_periods, volunteers};
use crate::transaction::in_transaction;
use chrono::NaiveDate;
use diesel::prelude::*;
use oppas_domain::appointments::ports::ScheduleRepository;
use oppas_domain::profiles::availability::{Away, Week};
use oppas_domain::profiles::card::{CardWrite, Listing};
use oppas_domain::{RepositoryError, VolunteerId};

impl ScheduleRepository for Database {
    fn away_periods(&self, volunteer: VolunteerId, today: NaiveDate) -> Result<Vec<Away>, RepositoryError> {
        away_periods::table
            .filter(away_periods::volunteer_id.eq(volunteer.get()))
            .filter(away_periods::ends_on.ge(today))
            .order((away_periods::starts_on.asc(), away_periods::id.asc()))
            .select((away_periods::starts_on, away_periods::ends_on))
            .load::<(NaiveDate, NaiveDate)>(&mut *self.conn()?)
            .map(|rows| {
                rows.into_iter()
                    .map(|(from, until)| Away::stored(from, until))
                    .collect()
            })
            .map_err(translate)
    }

    fn save_schedule(
        &self,
        card: &CardWrite,
        volunteer: VolunteerId,
        week: Week,
        paused: bool,
        away: &[Away],
    ) -> Result<bool, RepositoryError> {
        let now = self.clock.now();
        let mut conn = self.conn()?;
        in_transaction(&mut conn, |conn| {
            let week = i32::try_from(week.bits()).map_err(|e| RepositoryError::Unexpected(e.into()))?;
            let updated = diesel::update(volunteers::table.find(volunteer.get()))
                .set((
                    volunteers::week.eq(week),
                    volunteers::paused.eq(paused),
                    volunteers::updated_at.eq(to_column(now)),
                ))
                .execute(conn)
                .map_err(translate)?;
            if updated == 0 {
                return Ok(false);
            }
            diesel::delete(away_periods::table.filter(away_periods::volunteer_id.eq(volunteer.get())))
                .execute(conn)
                .map_err(translate)?;
            for period in away {
                diesel::insert_into(away_periods::table)
                    .values((
                        away_periods::volunteer_id.eq(volunteer.get()),
                        away_periods::starts_on.eq(period.from()),
                        away_periods::ends_on.eq(period.until()),
                        away_periods::created_at.eq(to_column(now)),
                    ))
                    .execute(conn)
                    .map_err(translate)?;
            }
            if let Some(volunteer) = load_volunteer(conn, volunteer.get())? {
                write_listing(conn, card, &Listing::for_volunteer(&volunteer), now)?;
            }
            Ok(true)
        })
    }
}
