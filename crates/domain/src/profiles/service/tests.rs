use super::*;
use crate::kernel::limits::{Limited, RateLimiter, ThrottleRepository};
use crate::profiles::changes::ListingChanges;
use crate::profiles::draft::ProfileDraft;
use crate::profiles::ports::ProfileRepository;
use crate::profiles::profile::{MAX_PETS, Owner, Pet};
use crate::profiles::service::{OwnProfile, PHOTO_GONE, PHOTO_NOT_YOURS, ProfileError, ProfileService};
use crate::testing::{FixedClock, MemoryStore, start};
use crate::uploads::ports::UploadRepository;
use crate::uploads::service::UploadService;
use crate::uploads::testing::upload_ports;
use crate::{OwnerId, PetId, UserId, VolunteerId};
use chrono::Duration;

const GOOGLE: &str = "https://accounts.google.com";

struct Fixture {
    clock: Arc<FixedClock>,
    store: Arc<MemoryStore>,
    changes: ListingChanges,
    profiles: ProfileService,
}

fn fixture() -> Fixture {
    let clock = FixedClock::new();
    let store = MemoryStore::new(clock.clone());
    let changes = ListingChanges::default();
    let uploads = UploadService::new(upload_ports(&store, &clock));
    let limiter = RateLimiter::new(store.clone(), clock.clone());
    let profiles = ProfileService::new(store.clone(), changes.clone(), uploads, limiter, clock.clone());
    Fixture {
        clock,
        store,
        changes,
        profiles,
    }
}

impl Fixture {
    /// How often cards were recorded as changed (the counter is private; its debug output is not).
    fn changes(&self) -> String {
        format!("{:?}", self.changes)
    }

    fn owner_with_pet(&self, user: UserId) -> Result<(Owner, Pet), ProfileError> {
        let OwnProfile::Owner(owner, pets) = self.profiles.create(user, &owner("Bobby"))? else {
            panic!("an owner draft made a volunteer");
        };
        let [pet] = pets.as_slice() else {
            panic!("a new owner has one pet, not {}", pets.len());
        };
        Ok((owner, pet.clone()))
    }
}

/// A sitter's draft that meets the minimum of a published sitter.
fn volunteer(first_name: &str) -> ProfileDraft {
    ProfileDraft {
        profile_type: "vrijwilliger".into(),
        first_name: Some(first_name.into()),
        location: Some("Utrecht".into()),
        postal_code: Some("3512".into()),
        bio: Some("Ik pas al jaren op honden en katten bij mij in de buurt.".into()),
        ..ProfileDraft::default()
    }
}

/// An owner draft; its pet part is what `add_pet` and `update_pet` read.
fn owner(pet_name: &str) -> ProfileDraft {
    ProfileDraft {
        profile_type: "huisdier".into(),
        first_name: Some("Sanne".into()),
        pet_name: Some(pet_name.into()),
        ..ProfileDraft::default()
    }
}

fn refused_field<T: std::fmt::Debug>(result: &Result<T, ProfileError>) -> Option<&'static str> {
    match result {
        Err(ProfileError::Invalid(invalid)) => Some(invalid.field),
        _ => None,
    }
}

#[test]
fn a_volunteer_profile_is_made_once_and_a_second_profile_of_either_kind_is_refused() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    let made = f.profiles.create(anna.id, &volunteer("Anna"))?;
    let OwnProfile::Volunteer(sitter) = &made else {
        panic!("a volunteer draft made {made:?}");
    };
    assert_eq!(sitter.user_id, anna.id);
    assert_eq!(sitter.fields.first_name, "Anna");
    assert_eq!(sitter.created_at, start());
    assert_eq!(f.profiles.profile_of(anna.id)?.as_ref(), Some(&made));
    assert_eq!(f.profiles.volunteer_page(sitter.id)?.as_ref(), Some(sitter));
    assert!(f.profiles.has_profile(anna.id)?);

    for draft in [owner("Bobby"), volunteer("Anna")] {
        let again = f.profiles.create(anna.id, &draft);
        assert!(matches!(again, Err(ProfileError::AlreadyExists)), "{again:?}");
    }
    assert_eq!(f.store.find_owner_by_user(anna.id)?, None);
    assert_eq!(f.store.count_profiles()?, 1);
    assert_eq!(f.changes(), "ListingChanges(1)");
    Ok(())
}

#[test]
fn an_owner_is_made_with_their_first_pet_and_both_have_public_pages() -> anyhow::Result<()> {
    let f = fixture();
    let sanne = f.store.user("sanne@example.nl");
    let (owner, pet) = f.owner_with_pet(sanne.id)?;
    assert_eq!(owner.user_id, sanne.id);
    assert_eq!((pet.owner_id, pet.fields.name.as_str()), (owner.id, "Bobby"));
    assert_eq!(
        f.profiles.profile_of(sanne.id)?,
        Some(OwnProfile::Owner(owner.clone(), vec![pet.clone()]))
    );
    assert_eq!(
        f.profiles.owner_page(owner.id)?,
        Some((owner.clone(), vec![pet.clone()]))
    );
    assert_eq!(f.profiles.pet_page(pet.id)?, Some((pet.clone(), owner.clone())));
    assert_eq!(f.profiles.owner_page(OwnerId(owner.id.get() + 1))?, None);
    assert_eq!(f.profiles.pet_page(PetId(pet.id.get() + 1))?, None);
    assert_eq!(f.profiles.volunteer_page(VolunteerId(1))?, None);

    let bob = f.store.user("bob@example.nl");
    assert!(!f.profiles.has_profile(bob.id)?);
    assert_eq!(f.profiles.profile_of(bob.id)?, None);
    Ok(())
}

#[test]
fn an_invalid_draft_names_its_field_and_neither_stores_nor_counts_anything() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    let no_pet_name = ProfileDraft {
        pet_name: Some("  ".into()),
        ..owner("Bobby")
    };
    let no_type = ProfileDraft {
        profile_type: "kat".into(),
        ..volunteer("Anna")
    };
    assert_eq!(
        refused_field(&f.profiles.create(anna.id, &no_pet_name)),
        Some("petName")
    );
    assert_eq!(
        refused_field(&f.profiles.create(anna.id, &no_type)),
        Some("profileType")
    );
    assert!(!f.profiles.has_profile(anna.id)?);
    assert_eq!(f.store.count_profiles()?, 0);
    assert_eq!(
        f.store.peek(&format!("profile-write:{}", anna.id))?,
        None,
        "a refused draft uses none of the allowance"
    );
    assert_eq!(f.changes(), "ListingChanges(0)");
    Ok(())
}

#[test]
fn only_images_issued_to_the_user_or_their_own_google_picture_are_accepted() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    let bob = f.store.user("bob@example.nl");
    let annas_photo = f.store.upload(anna.id, "anna.jpg");
    let bobs_picture = "https://lh3.googleusercontent.com/a/bob";
    for url in [annas_photo.as_str(), "https://example.com/kat.jpg", bobs_picture] {
        let draft = ProfileDraft {
            avatar_url: Some(url.into()),
            ..volunteer("Bob")
        };
        let refused = f.profiles.create(bob.id, &draft);
        let Err(ProfileError::Invalid(invalid)) = &refused else {
            panic!("{url} was accepted: {refused:?}");
        };
        assert_eq!(invalid.field, "avatarUrl", "{url}");
        assert_eq!(invalid.message, PHOTO_NOT_YOURS);
    }
    let cover = ProfileDraft {
        cover_image_url: Some(annas_photo.clone()),
        ..owner("Bobby")
    };
    assert_eq!(refused_field(&f.profiles.create(bob.id, &cover)), Some("coverImageUrl"));
    let owner_photo = ProfileDraft {
        owner_avatar_url: Some(annas_photo.clone()),
        ..owner("Bobby")
    };
    assert_eq!(
        refused_field(&f.profiles.create(bob.id, &owner_photo)),
        Some("ownerAvatarUrl")
    );
    assert!(!f.profiles.has_profile(bob.id)?);

    f.store.identity(bob.id, GOOGLE, "bob", Some(bobs_picture));
    let with_picture = ProfileDraft {
        avatar_url: Some(bobs_picture.into()),
        ..volunteer("Bob")
    };
    f.profiles.create(bob.id, &with_picture)?;

    assert!(f.store.uploads().iter().all(|u| !u.attached));
    let with_photo = ProfileDraft {
        avatar_url: Some(annas_photo.clone()),
        ..volunteer("Anna")
    };
    let OwnProfile::Volunteer(sitter) = f.profiles.create(anna.id, &with_photo)? else {
        panic!("a volunteer draft made an owner");
    };
    assert_eq!(sitter.fields.avatar_url, Some(annas_photo));
    assert!(
        f.store.uploads().iter().all(|u| u.attached),
        "a used upload is attached"
    );
    Ok(())
}

#[test]
fn only_the_owner_of_a_profile_may_update_it_and_never_into_the_other_kind() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    let bob = f.store.user("bob@example.nl");
    f.profiles.create(anna.id, &volunteer("Anna"))?;
    let before = f.profiles.profile_of(anna.id)?;

    let someone_else = f.profiles.update(bob.id, anna.id, &volunteer("Bobbie"));
    assert!(matches!(someone_else, Err(ProfileError::NotYours)), "{someone_else:?}");
    let other_kind = f.profiles.update(anna.id, anna.id, &owner("Bobby"));
    assert!(matches!(other_kind, Err(ProfileError::TypeChange)), "{other_kind:?}");
    let nothing_to_update = f.profiles.update(bob.id, bob.id, &volunteer("Bob"));
    assert!(
        matches!(nothing_to_update, Err(ProfileError::NoProfile)),
        "{nothing_to_update:?}"
    );
    assert_eq!(f.profiles.profile_of(anna.id)?, before);
    assert_eq!(f.store.find_owner_by_user(anna.id)?, None);
    assert_eq!(f.changes(), "ListingChanges(1)");

    f.clock.advance(Duration::minutes(5));
    let draft = ProfileDraft {
        bio: Some("Ik pas graag op katten, vooral als hun baasjes op reis zijn.".into()),
        ..volunteer("Annie")
    };
    let updated = f.profiles.update(anna.id, anna.id, &draft)?;
    let OwnProfile::Volunteer(sitter) = &updated else {
        panic!("an update turned a volunteer into {updated:?}");
    };
    assert_eq!(sitter.fields.first_name, "Annie");
    assert_eq!(
        sitter.fields.bio.as_deref(),
        Some("Ik pas graag op katten, vooral als hun baasjes op reis zijn.")
    );
    assert_eq!(sitter.created_at, start());
    assert_eq!(sitter.updated_at, start() + Duration::minutes(5));
    assert_eq!(f.profiles.profile_of(anna.id)?, Some(updated));
    assert_eq!(f.changes(), "ListingChanges(2)");
    Ok(())
}

#[test]
fn an_owner_update_applies_the_pet_fields_to_the_first_pet_only() -> anyhow::Result<()> {
    let f = fixture();
    let sanne = f.store.user("sanne@example.nl");
    let (first_owner, bobby) = f.owner_with_pet(sanne.id)?;
    let (_, minoes) = f.profiles.add_pet(sanne.id, &owner("Minoes"))?;
    let draft = ProfileDraft {
        first_name: Some("Sanna".into()),
        ..owner("Max")
    };
    let OwnProfile::Owner(updated, pets) = f.profiles.update(sanne.id, sanne.id, &draft)? else {
        panic!("an update turned an owner into a volunteer");
    };
    assert_eq!(updated.id, first_owner.id);
    assert_eq!(updated.fields.first_name, "Sanna");
    let names: Vec<(PetId, &str)> = pets.iter().map(|p| (p.id, p.fields.name.as_str())).collect();
    assert_eq!(names, [(bobby.id, "Max"), (minoes.id, "Minoes")]);
    assert_eq!(f.store.list_pets(first_owner.id)?, pets);
    Ok(())
}

#[test]
fn an_image_the_profile_shows_may_stay_but_a_replaced_one_may_not_come_back() -> anyhow::Result<()> {
    let f = fixture();
    let bob = f.store.user("bob@example.nl");
    let old_picture = "https://lh3.googleusercontent.com/a/oud";
    let new_picture = "https://lh3.googleusercontent.com/a/nieuw";
    // Each 'Over mij' padded to a sitter's minimum.
    let with = |url: &str, bio: &str| ProfileDraft {
        avatar_url: Some(url.into()),
        bio: Some(format!("{bio}, ik pas graag op honden en katten in de buurt.")),
        ..volunteer("Bob")
    };
    f.store.identity(bob.id, GOOGLE, "bob", Some(old_picture));
    f.profiles.create(bob.id, &with(old_picture, "Hallo"))?;
    // Google now reports another picture: the one on the profile stays allowed.
    f.store.identity(bob.id, GOOGLE, "bob", Some(new_picture));
    f.profiles
        .update(bob.id, bob.id, &with(old_picture, "Hallo allemaal"))?;
    f.profiles
        .update(bob.id, bob.id, &with(new_picture, "Hallo allemaal"))?;
    let back = f.profiles.update(bob.id, bob.id, &with(old_picture, "Weer de oude"));
    assert_eq!(refused_field(&back), Some("avatarUrl"));
    let Some(OwnProfile::Volunteer(sitter)) = f.profiles.profile_of(bob.id)? else {
        panic!("the volunteer profile is gone");
    };
    assert_eq!(sitter.fields.avatar_url.as_deref(), Some(new_picture));
    assert_eq!(
        sitter.fields.bio.as_deref(),
        Some("Hallo allemaal, ik pas graag op honden en katten in de buurt.")
    );
    Ok(())
}

#[test]
fn an_owner_can_add_pets_up_to_the_most_a_profile_lists() -> anyhow::Result<()> {
    let f = fixture();
    let sanne = f.store.user("sanne@example.nl");
    let (first_owner, _) = f.owner_with_pet(sanne.id)?;
    for n in 2..=MAX_PETS {
        let (by, pet) = f.profiles.add_pet(sanne.id, &owner(&format!("Huisdier {n}")))?;
        assert_eq!((by.id, pet.owner_id), (first_owner.id, first_owner.id));
    }
    let one_too_many = f.profiles.add_pet(sanne.id, &owner("Eentje te veel"));
    assert!(
        matches!(one_too_many, Err(ProfileError::TooManyPets)),
        "{one_too_many:?}"
    );
    let pets = f.store.list_pets(first_owner.id)?;
    assert_eq!(pets.len(), MAX_PETS);
    assert!(pets.iter().all(|p| p.fields.name != "Eentje te veel"));
    assert_eq!(f.changes(), format!("ListingChanges({MAX_PETS})"));
    Ok(())
}

#[test]
fn only_owners_add_pets_and_an_invalid_pet_is_not_added() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    let nobody = f.store.user("nobody@example.nl");
    let sanne = f.store.user("sanne@example.nl");
    f.profiles.create(anna.id, &volunteer("Anna"))?;
    let (sannes, _) = f.owner_with_pet(sanne.id)?;
    for user in [anna.id, nobody.id] {
        let refused = f.profiles.add_pet(user, &owner("Minoes"));
        assert!(matches!(refused, Err(ProfileError::NotAnOwner)), "{refused:?}");
    }
    let bad_size = ProfileDraft {
        pet_size: Some("reusachtig".into()),
        ..owner("Minoes")
    };
    assert_eq!(refused_field(&f.profiles.add_pet(sanne.id, &bad_size)), Some("petSize"));
    let foreign_photo = ProfileDraft {
        avatar_url: Some("https://example.com/poes.jpg".into()),
        ..owner("Minoes")
    };
    assert_eq!(
        refused_field(&f.profiles.add_pet(sanne.id, &foreign_photo)),
        Some("avatarUrl")
    );
    assert_eq!(f.store.list_pets(sannes.id)?.len(), 1);
    assert_eq!(f.store.count_profiles()?, 2);
    Ok(())
}

#[test]
fn a_pet_is_changed_only_by_its_owner_and_with_their_own_images() -> anyhow::Result<()> {
    let f = fixture();
    let sanne = f.store.user("sanne@example.nl");
    let bob = f.store.user("bob@example.nl");
    let (_, bobby) = f.owner_with_pet(sanne.id)?;
    f.owner_with_pet(bob.id)?;
    let bobs_photo = f.store.upload(bob.id, "bob.jpg");
    let sannes_photo = f.store.upload(sanne.id, "sanne.jpg");

    let not_yours = f.profiles.update_pet(bob.id, bobby.id, &owner("Gestolen"));
    assert!(matches!(not_yours, Err(ProfileError::NotYours)), "{not_yours:?}");
    let unknown = f.profiles.update_pet(sanne.id, PetId(999), &owner("Niemand"));
    assert!(matches!(unknown, Err(ProfileError::PetNotFound)), "{unknown:?}");
    let foreign_cover = ProfileDraft {
        cover_image_url: Some(bobs_photo),
        ..owner("Bobby")
    };
    assert_eq!(
        refused_field(&f.profiles.update_pet(sanne.id, bobby.id, &foreign_cover)),
        Some("coverImageUrl")
    );
    assert_eq!(f.store.find_pet(bobby.id)?, Some(bobby.clone()));

    f.clock.advance(Duration::hours(1));
    let draft = ProfileDraft {
        cover_image_url: Some(sannes_photo.clone()),
        pet_breed: Some("Labrador".into()),
        ..owner("Bobby")
    };
    let (_, changed) = f.profiles.update_pet(sanne.id, bobby.id, &draft)?;
    assert_eq!(changed.fields.breed.as_deref(), Some("Labrador"));
    assert_eq!(changed.fields.cover_image_url, Some(sannes_photo));
    assert_eq!(changed.updated_at, start() + Duration::hours(1));
    assert_eq!(f.store.find_pet(bobby.id)?, Some(changed));
    assert!(
        f.store
            .uploads()
            .iter()
            .any(|u| u.public_name == "sanne.jpg" && u.attached)
    );
    assert!(
        f.store
            .uploads()
            .iter()
            .any(|u| u.public_name == "bob.jpg" && !u.attached)
    );
    Ok(())
}

#[test]
fn an_owner_cannot_remove_their_last_pet_or_someone_elses() -> anyhow::Result<()> {
    let f = fixture();
    let sanne = f.store.user("sanne@example.nl");
    let bob = f.store.user("bob@example.nl");
    let (sannes, bobby) = f.owner_with_pet(sanne.id)?;

    let last = f.profiles.remove_pet(sanne.id, bobby.id);
    assert!(matches!(last, Err(ProfileError::LastPet)), "{last:?}");
    assert_eq!(f.store.list_pets(sannes.id)?, std::slice::from_ref(&bobby));

    let (_, minoes) = f.profiles.add_pet(sanne.id, &owner("Minoes"))?;
    let not_yours = f.profiles.remove_pet(bob.id, bobby.id);
    assert!(matches!(not_yours, Err(ProfileError::NotYours)), "{not_yours:?}");
    let unknown = f.profiles.remove_pet(sanne.id, PetId(999));
    assert!(matches!(unknown, Err(ProfileError::PetNotFound)), "{unknown:?}");
    assert_eq!(f.store.list_pets(sannes.id)?.len(), 2);
    // The owner with their pet, Minoes, and the refused removal of the last pet, which the
    // storage answered without changing anything.
    assert_eq!(f.changes(), "ListingChanges(3)");

    f.profiles.remove_pet(sanne.id, bobby.id)?;
    assert_eq!(f.profiles.pet_page(bobby.id)?, None);
    assert_eq!(
        f.profiles.owner_page(sannes.id)?.map(|(_, pets)| pets),
        Some(vec![minoes.clone()])
    );
    assert_eq!(f.changes(), "ListingChanges(4)");
    let now_last = f.profiles.remove_pet(sanne.id, minoes.id);
    assert!(matches!(now_last, Err(ProfileError::LastPet)), "{now_last:?}");
    assert_eq!(f.store.list_pets(sannes.id)?, [minoes]);
    Ok(())
}

#[test]
fn profile_writes_are_limited_per_hour_until_the_window_ends() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    f.profiles.create(anna.id, &volunteer("Anna"))?;
    for _ in 1..limits::PROFILE_WRITES.max {
        f.profiles.update(anna.id, anna.id, &volunteer("Anna"))?;
    }
    let refused = f.profiles.update(anna.id, anna.id, &volunteer("Annie"));
    assert!(
        matches!(refused, Err(ProfileError::Limited(Limited { retry_after_secs: 3600 }))),
        "{refused:?}"
    );
    f.clock.advance(Duration::minutes(30));
    let refused = f.profiles.add_pet(anna.id, &owner("Bobby"));
    assert!(matches!(refused, Err(ProfileError::NotAnOwner)), "{refused:?}");
    let refused = f.profiles.update(anna.id, anna.id, &volunteer("Annie"));
    assert!(
        matches!(refused, Err(ProfileError::Limited(Limited { retry_after_secs: 1800 }))),
        "{refused:?}"
    );
    let Some(OwnProfile::Volunteer(sitter)) = f.profiles.profile_of(anna.id)? else {
        panic!("the volunteer profile is gone");
    };
    assert_eq!(sitter.fields.first_name, "Anna", "a refused write changes nothing");

    f.clock.advance(Duration::minutes(30));
    f.profiles.update(anna.id, anna.id, &volunteer("Annie"))?;
    assert_eq!(
        f.store.peek(&format!("profile-write:{}", anna.id))?.map(|t| t.count),
        Some(1),
        "a new window"
    );
    Ok(())
}

#[test]
fn writes_refused_for_a_second_profile_or_a_type_change_use_none_of_the_allowance() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    f.profiles.create(anna.id, &volunteer("Anna"))?;
    let again = f.profiles.create(anna.id, &volunteer("Anna"));
    assert!(matches!(again, Err(ProfileError::AlreadyExists)), "{again:?}");
    let other_kind = f.profiles.update(anna.id, anna.id, &owner("Bobby"));
    assert!(matches!(other_kind, Err(ProfileError::TypeChange)), "{other_kind:?}");
    assert_eq!(
        f.store.peek(&format!("profile-write:{}", anna.id))?.map(|t| t.count),
        Some(1),
        "only the write that happened counts"
    );
    Ok(())
}

fn attached(store: &MemoryStore, url: &str) -> bool {
    store.uploads().iter().any(|u| u.url() == url && u.attached)
}

#[test]
fn photos_no_profile_shows_any_more_are_let_go_of_and_shared_ones_kept() -> anyhow::Result<()> {
    let f = fixture();
    let sanne = f.store.user("sanne@example.nl");
    let first = f.store.upload(sanne.id, "eerste.jpg");
    let second = f.store.upload(sanne.id, "tweede.jpg");
    let shared = f.store.upload(sanne.id, "samen.jpg");
    let with = |pet: &str, photo: &str| ProfileDraft {
        avatar_url: Some(photo.to_owned()),
        owner_avatar_url: Some(shared.clone()),
        ..owner(pet)
    };
    f.profiles.create(sanne.id, &with("Bobby", &first))?;
    assert!(attached(&f.store, &first) && attached(&f.store, &shared));

    // A replaced photo is let go of.
    f.profiles.update(sanne.id, sanne.id, &with("Bobby", &second))?;
    assert!(!attached(&f.store, &first), "the replaced photo");
    assert!(attached(&f.store, &second) && attached(&f.store, &shared));

    // A removed pet's photo is let go of, unless the profile still shows it.
    let (_, luna) = f.profiles.add_pet(
        sanne.id,
        &ProfileDraft {
            avatar_url: Some(shared.clone()),
            ..owner("Luna")
        },
    )?;
    let (_, minoes) = f.profiles.add_pet(
        sanne.id,
        &ProfileDraft {
            avatar_url: Some(first.clone()),
            ..owner("Minoes")
        },
    )?;
    assert!(attached(&f.store, &first), "used again");
    f.profiles.remove_pet(sanne.id, luna.id)?;
    assert!(attached(&f.store, &shared), "the owner's photo too");
    f.profiles.remove_pet(sanne.id, minoes.id)?;
    assert!(!attached(&f.store, &first), "shown by no profile");

    // The clean-up takes what was let go of a day before it runs.
    let day_ago = |f: &Fixture| f.clock.now() - Duration::hours(24);
    assert!(f.store.claim_unattached_before(day_ago(&f))?.is_empty());
    f.clock.advance(Duration::hours(25));
    let mut gone = f.store.claim_unattached_before(day_ago(&f))?;
    gone.sort();
    assert_eq!(gone, ["eerste.jpg"]);
    Ok(())
}

fn gone(invalid: &Result<impl std::fmt::Debug, ProfileError>) -> Option<&'static str> {
    match invalid {
        Err(ProfileError::Invalid(invalid)) if invalid.message == PHOTO_GONE => Some(invalid.field),
        _ => None,
    }
}

#[test]
fn a_photo_the_clean_up_took_before_the_save_is_asked_for_again_without_using_the_allowance() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    let photo = f.store.upload(anna.id, "weg.jpg");
    f.clock.advance(Duration::hours(25));
    assert_eq!(
        f.store.claim_unattached_before(f.clock.now() - Duration::hours(24))?,
        ["weg.jpg"]
    );
    let draft = ProfileDraft {
        avatar_url: Some(photo),
        ..volunteer("Anna")
    };
    let refused = f.profiles.create(anna.id, &draft);
    assert_eq!(gone(&refused), Some("avatarUrl"), "{refused:?}");
    assert!(!f.profiles.has_profile(anna.id)?);
    assert_eq!(f.store.peek(&format!("profile-write:{}", anna.id))?, None);
    assert_eq!(f.changes(), "ListingChanges(0)");
    Ok(())
}

#[test]
fn a_save_that_finds_its_photo_gone_in_the_write_is_asked_for_it_again_and_writes_nothing() -> anyhow::Result<()> {
    let f = fixture();
    let sanne = f.store.user("sanne@example.nl");
    let old = f.store.upload(sanne.id, "oud.jpg");
    let with = |pet: &str, photo: &str| ProfileDraft {
        avatar_url: Some(photo.to_owned()),
        ..owner(pet)
    };

    // A first profile.
    let first = f.store.upload(sanne.id, "eerste.jpg");
    f.store.lose_upload_before_next_write("eerste.jpg");
    let refused = f.profiles.create(sanne.id, &with("Bobby", &first));
    assert_eq!(gone(&refused), Some("avatarUrl"), "{refused:?}");
    assert!(!f.profiles.has_profile(sanne.id)?, "no profile was made");
    let (sannes, bobby) = match f.profiles.create(sanne.id, &with("Bobby", &old))? {
        OwnProfile::Owner(owner, pets) => (owner, pets.first().cloned().ok_or_else(|| anyhow::anyhow!("pet"))?),
        other => panic!("an owner draft made {other:?}"),
    };
    assert!(attached(&f.store, &old));
    let before = f.profiles.profile_of(sanne.id)?;

    // A replaced photo: the old one stays shown and attached.
    let new = f.store.upload(sanne.id, "nieuw.jpg");
    f.store.lose_upload_before_next_write("nieuw.jpg");
    let refused = f.profiles.update(sanne.id, sanne.id, &with("Max", &new));
    assert_eq!(gone(&refused), Some("avatarUrl"), "{refused:?}");
    assert_eq!(f.profiles.profile_of(sanne.id)?, before);
    assert!(attached(&f.store, &old), "the photo the profile still shows");

    // A pet's cover, changed or on a new pet.
    let cover = f.store.upload(sanne.id, "omslag.jpg");
    f.store.lose_upload_before_next_write("omslag.jpg");
    let draft = ProfileDraft {
        cover_image_url: Some(cover.clone()),
        ..with("Bobby", &old)
    };
    let refused = f.profiles.update_pet(sanne.id, bobby.id, &draft);
    assert_eq!(gone(&refused), Some("coverImageUrl"), "{refused:?}");
    let cover = f.store.upload(sanne.id, "omslag2.jpg");
    f.store.lose_upload_before_next_write("omslag2.jpg");
    let refused = f.profiles.add_pet(
        sanne.id,
        &ProfileDraft {
            cover_image_url: Some(cover),
            ..owner("Minoes")
        },
    );
    assert_eq!(gone(&refused), Some("coverImageUrl"), "{refused:?}");
    assert_eq!(f.profiles.profile_of(sanne.id)?, before);
    assert_eq!(f.store.list_pets(sannes.id)?, [bobby]);
    assert!(attached(&f.store, &old));
    assert_eq!(f.changes(), "ListingChanges(1)", "only the one profile that was made");
    Ok(())
}

#[test]
fn an_age_is_judged_by_the_service_clock() -> anyhow::Result<()> {
    let f = fixture();
    let anna = f.store.user("anna@example.nl");
    let draft = ProfileDraft {
        date_of_birth: Some("2008-11-30".into()),
        ..volunteer("Anna")
    };
    assert_eq!(f.profiles.now(), start());
    assert_eq!(refused_field(&f.profiles.create(anna.id, &draft)), Some("dateOfBirth"));
    f.clock.advance(Duration::days(8));
    assert_eq!(f.profiles.now(), start() + Duration::days(8));
    let OwnProfile::Volunteer(sitter) = f.profiles.create(anna.id, &draft)? else {
        panic!("a volunteer draft made an owner");
    };
    assert_eq!(
        sitter.fields.date_of_birth,
        chrono::NaiveDate::from_ymd_opt(2008, 11, 30)
    );
    Ok(())
}
