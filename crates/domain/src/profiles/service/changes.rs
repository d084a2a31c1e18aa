//! A change of a few fields (an inline edit): laid over the profile as stored and written whole
//! by the same rules as the wizard's draft, against the rows as they were read, so that two
//! edits of different fields at the same moment (two tabs) both stay. One person's edits take
//! turns on an instance; an edit that another instance's write overtook between its read and its
//! write is laid over the new state again.

use super::{OwnProfile, ProfileError, ProfileService};
use crate::profiles::draft::ProfileDraft;
use crate::profiles::ports::ReadAt;
use crate::profiles::profile::{Owner, Pet};
use crate::{PetId, RepositoryError, UserId};
use serde_json::{Map, Value};

/// How often a change is laid over the profile again when another write came between its read
/// and its write.
const TRIES: usize = 5;

impl ProfileService {
    /// Changes the fields `changes` names (by the draft's names, `null` empties one) on `target`'s
    /// profile; only `actor`'s own. For an owner the pet fields apply to `pet` (the first when
    /// `None`). Every other field keeps what is stored at the moment of the write.
    ///
    /// # Errors
    /// As [`Self::update_with_pet`]; [`crate::profiles::draft::InvalidField`] for a value of the
    /// wrong shape.
    pub fn change(
        &self,
        actor: UserId,
        target: UserId,
        pet: Option<PetId>,
        changes: &Map<String, Value>,
    ) -> Result<OwnProfile, ProfileError> {
        if actor != target {
            return Err(ProfileError::NotYours);
        }
        let _turn = self.edits.of(actor);
        retried(|first| {
            let current = self.profile_of(actor)?.ok_or(ProfileError::NoProfile)?;
            let (stored, read_at) = match &current {
                OwnProfile::Volunteer(volunteer) => (
                    ProfileDraft::of_volunteer(&volunteer.fields),
                    ReadAt {
                        profile: Some(volunteer.updated_at),
                        pet: None,
                    },
                ),
                OwnProfile::Owner(owner, pets) => {
                    let edited = match pet {
                        Some(pet) => pets.iter().find(|p| p.id == pet),
                        None => pets.first(),
                    }
                    .ok_or(ProfileError::PetNotFound)?;
                    (
                        ProfileDraft::of_owner(&owner.fields, &edited.fields),
                        ReadAt {
                            profile: Some(owner.updated_at),
                            pet: Some(edited.updated_at),
                        },
                    )
                }
            };
            let draft = stored.changed(changes)?;
            if draft.profile_type != stored.profile_type {
                return Err(ProfileError::TypeChange);
            }
            self.replace(actor, &current, &draft, pet, read_at, first)
        })
    }

    /// Changes the fields `changes` names on one of `actor`'s pets (its pet fields only); every
    /// other field keeps what is stored at the moment of the write.
    ///
    /// # Errors
    /// As [`Self::update_pet`]; [`crate::profiles::draft::InvalidField`] for a value of the
    /// wrong shape.
    pub fn change_pet(
        &self,
        actor: UserId,
        pet: PetId,
        changes: &Map<String, Value>,
    ) -> Result<(Owner, Pet), ProfileError> {
        let _turn = self.edits.of(actor);
        retried(|first| {
            let (owner, current) = self.own_pet(actor, pet)?;
            let draft = ProfileDraft::of_pet(&current.fields).changed(changes)?;
            let read_at = ReadAt {
                profile: None,
                pet: Some(current.updated_at),
            };
            self.replace_pet(actor, owner, &current, &draft, read_at, first)
        })
    }
}

/// `attempt` again while another write came between its read and its write, at most [`TRIES`]
/// times; it is told whether it is the first try (the one that counts against the allowance).
fn retried<T>(mut attempt: impl FnMut(bool) -> Result<T, ProfileError>) -> Result<T, ProfileError> {
    let mut tries = 1;
    loop {
        match attempt(tries == 1) {
            Err(ProfileError::Repository(RepositoryError::Stale(_))) if tries < TRIES => tries += 1,
            done => return done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ProfileError, RepositoryError, TRIES, retried};

    fn stale() -> ProfileError {
        ProfileError::Repository(RepositoryError::Stale("volunteer 1".to_owned()))
    }

    #[test]
    fn an_overtaken_edit_is_tried_again_and_counted_once() {
        let mut firsts = Vec::new();
        let done = retried(|first| {
            firsts.push(first);
            if firsts.len() < 3 {
                Err(stale())
            } else {
                Ok(firsts.len())
            }
        });
        assert!(matches!(done, Ok(3)), "{done:?}");
        assert_eq!(
            firsts,
            [true, false, false],
            "only the first try counts against the allowance"
        );
    }

    #[test]
    fn an_edit_overtaken_every_time_gives_up_and_other_refusals_are_not_tried_again() {
        let mut tries = 0;
        let gave_up: Result<(), ProfileError> = retried(|_| {
            tries += 1;
            Err(stale())
        });
        assert!(matches!(
            gave_up,
            Err(ProfileError::Repository(RepositoryError::Stale(_)))
        ));
        assert_eq!(tries, TRIES);
        let mut tries = 0;
        let refused: Result<(), ProfileError> = retried(|_| {
            tries += 1;
            Err(ProfileError::TypeChange)
        });
        assert!(matches!(refused, Err(ProfileError::TypeChange)));
        assert_eq!(tries, 1);
    }
}
