//! Typed identifiers, so a pet id can never be passed where a user id is meant.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl $name {
            /// The raw database value.
            #[must_use]
            pub fn get(self) -> i64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(
    /// A person's account.
    UserId
);

id_type!(
    /// A report for the moderators.
    ReportId
);

id_type!(
    /// A volunteer (sitter) profile.
    VolunteerId
);

id_type!(
    /// An owner profile.
    OwnerId
);

id_type!(
    /// A pet of an owner.
    PetId
);

id_type!(
    /// A conversation between two users.
    ConversationId
);

id_type!(
    /// One message in a conversation.
    MessageId
);

id_type!(
    /// A search someone saved for its daily mail of new matches.
    SavedSearchId
);

id_type!(
    /// An afspraak proposed in a conversation.
    AppointmentId
);

id_type!(
    /// A reference one person of an afspraak wrote about the other.
    ReferenceId
);
