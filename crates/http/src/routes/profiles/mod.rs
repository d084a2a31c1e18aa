//! Profiles: one's own (create, change, read whole) and everyone's public pages (owners,
//! volunteers, pets), one file per resource. Public answers never hold an e-mail address, phone
//! number or date of birth.

pub mod bodies;
pub mod own;
pub mod owners;
pub mod pets;
pub mod views;
pub mod volunteers;

use actix_web::web;

/// Routes for profiles, owners, volunteers and pets.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(own::completeness)
        .service(own::create_profile)
        .service(own::find_profile)
        .service(own::update_profile)
        .service(own::change_profile)
        .service(owners::find_owner)
        .service(volunteers::find_volunteer)
        .service(pets::find_pet)
        .service(pets::add_pet)
        .service(pets::update_pet)
        .service(pets::change_pet)
        .service(pets::remove_pet)
        .service(pets::save_help_needed)
        .service(pets::clear_help_needed);
}
