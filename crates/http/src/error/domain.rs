//! How each feature's refusals answer over HTTP: status, code and Dutch text.

use super::{ApiError, ErrorCode, internal};
use oppas_domain::account::favourites::FavouriteError;
use oppas_domain::appointments::care::CareError;
use oppas_domain::appointments::schedule::ScheduleError;
use oppas_domain::appointments::service::AfspraakError;
use oppas_domain::browse::alerts::AlertError;
use oppas_domain::browse::place_finder::FindPlaceError;
use oppas_domain::browse::service::BrowseError;
use oppas_domain::messaging::closed::MessagingError;
use oppas_domain::notifications::device::SubscriptionError;
use oppas_domain::notifications::service::PushError;
use oppas_domain::profiles::help_needed::HelpError;
use oppas_domain::profiles::service::ProfileError;
use oppas_domain::sign_in::rules::SignInError;
use oppas_domain::trust::moderation::ModerationError;
use oppas_domain::trust::service::TrustError;
use oppas_domain::uploads::upload::UploadError;

impl From<FavouriteError> for ApiError {
    fn from(error: FavouriteError) -> Self {
        match error {
            FavouriteError::NoSuchCard => Self::NotFound(error.to_string()),
            FavouriteError::Full => Self::Conflict(error.to_string()),
            FavouriteError::SinceOutOfRange => Self::Invalid {
                field: Some("since".to_owned()),
                message: error.to_string(),
            },
            FavouriteError::Repository(cause) => cause.into(),
        }
    }
}

impl From<ModerationError> for ApiError {
    fn from(error: ModerationError) -> Self {
        match error {
            ModerationError::NotAModerator => Self::ForbiddenBecause(error.to_string()),
            ModerationError::NotFound => Self::NotFound(error.to_string()),
            ModerationError::Invalid(message) => Self::Invalid {
                field: Some("note".to_owned()),
                message,
            },
            ModerationError::InvalidReason(message) => Self::Invalid {
                field: Some("reason".to_owned()),
                message,
            },
            ModerationError::Yourself => Self::BadRequest {
                code: ErrorCode::OwnProfile,
                message: error.to_string(),
            },
            ModerationError::Repository(cause) => cause.into(),
        }
    }
}

impl From<TrustError> for ApiError {
    fn from(error: TrustError) -> Self {
        match error {
            TrustError::Yourself => Self::BadRequest {
                code: ErrorCode::OwnProfile,
                message: error.to_string(),
            },
            TrustError::UnknownPerson | TrustError::UnknownConversation => Self::NotFound(error.to_string()),
            TrustError::TooManyReports => Self::TooManyRequests {
                // The day's reports leave the count one by one; an hour is an honest first wait.
                retry_after_secs: 3600,
                message: error.to_string(),
            },
            TrustError::Repository(cause) => cause.into(),
        }
    }
}

/// The code of a conversation's closing reason.
pub(super) fn closed_code(reason: oppas_domain::messaging::closed::Closed) -> ErrorCode {
    use oppas_domain::messaging::closed::Closed;
    match reason {
        Closed::AccountDeleted => ErrorCode::AccountDeleted,
        Closed::Unavailable => ErrorCode::Unavailable,
        Closed::Blocked => ErrorCode::Blocked,
        Closed::OwnProfileHidden => ErrorCode::OwnProfileHidden,
        Closed::Suspended => ErrorCode::Suspended,
    }
}

impl From<MessagingError> for ApiError {
    fn from(error: MessagingError) -> Self {
        match error {
            MessagingError::NoProfile => Self::BadRequest {
                code: ErrorCode::ProfileRequired,
                message: error.to_string(),
            },
            MessagingError::WithYourself => Self::BadRequest {
                code: ErrorCode::OwnProfile,
                message: error.to_string(),
            },
            MessagingError::NotFound => Self::NotFound(error.to_string()),
            MessagingError::Closed(reason) => Self::Refused {
                code: closed_code(reason),
                message: reason.to_string(),
            },
            MessagingError::ForeignPet => Self::Invalid {
                field: Some("petId".to_owned()),
                message: error.to_string(),
            },
            MessagingError::Invalid(invalid) => Self::Invalid {
                field: Some("content".to_owned()),
                message: invalid.to_string(),
            },
            MessagingError::TooManyMessages(limited) | MessagingError::TooManyConversations(limited) => {
                Self::TooManyRequests {
                    retry_after_secs: limited.retry_after_secs,
                    message: error.to_string(),
                }
            }
            MessagingError::NewMemberLimit(limit) => Self::NewMemberLimit {
                retry_after_secs: limit.limited.retry_after_secs,
                message: limit.to_string(),
            },
            MessagingError::Repository(cause) => cause.into(),
        }
    }
}

impl From<SignInError> for ApiError {
    fn from(error: SignInError) -> Self {
        match error {
            SignInError::Invalid { field, message } => Self::Invalid {
                field: Some(field.to_owned()),
                message,
            },
            e @ SignInError::WrongCode => Self::BadRequest {
                code: ErrorCode::InvalidCode,
                message: e.to_string(),
            },
            e @ SignInError::CodeExhausted => Self::BadRequest {
                code: ErrorCode::CodeExhausted,
                message: e.to_string(),
            },
            e @ SignInError::WrongLink => Self::BadRequest {
                code: ErrorCode::InvalidLink,
                message: e.to_string(),
            },
            e @ SignInError::Locked => Self::BadRequest {
                code: ErrorCode::Locked,
                message: e.to_string(),
            },
            SignInError::TooManyRequests {
                retry_after_secs,
                message,
            } => Self::TooManyRequests {
                retry_after_secs,
                message,
            },
            e @ SignInError::Suspended => Self::Refused {
                code: ErrorCode::AccountSuspended,
                message: e.to_string(),
            },
            e @ SignInError::Mail(_) => Self::Unavailable(e.to_string()),
            SignInError::Repository(e) => e.into(),
            SignInError::Unexpected(e) => Self::Internal(e),
        }
    }
}

impl From<UploadError> for ApiError {
    fn from(error: UploadError) -> Self {
        match error {
            UploadError::NotAnImage => Self::BadRequest {
                code: ErrorCode::NotAnImage,
                message: error.to_string(),
            },
            UploadError::TooLarge => Self::PayloadTooLarge(error.to_string()),
            UploadError::TooManyPixels => Self::Invalid {
                field: Some("file".to_owned()),
                message: error.to_string(),
            },
            UploadError::Limited(limited) => Self::TooManyRequests {
                retry_after_secs: limited.retry_after_secs,
                message: error.to_string(),
            },
            UploadError::Repository(cause) => cause.into(),
        }
    }
}

impl From<ProfileError> for ApiError {
    fn from(error: ProfileError) -> Self {
        match error {
            ProfileError::Invalid(invalid) => Self::Invalid {
                field: Some(invalid.field.to_owned()),
                message: invalid.message,
            },
            ProfileError::NotYours => Self::Forbidden,
            ProfileError::NotAnOwner => Self::ForbiddenBecause(error.to_string()),
            ProfileError::NoProfile | ProfileError::PetNotFound => Self::NotFound(error.to_string()),
            ProfileError::AlreadyExists
            | ProfileError::TypeChange
            | ProfileError::LastPet
            | ProfileError::TooManyPets => Self::Conflict(error.to_string()),
            ProfileError::Limited(limited) => Self::TooManyRequests {
                retry_after_secs: limited.retry_after_secs,
                message: error.to_string(),
            },
            ProfileError::Repository(cause) => cause.into(),
        }
    }
}

impl From<BrowseError> for ApiError {
    fn from(error: BrowseError) -> Self {
        match error {
            BrowseError::Invalid(invalid) => Self::Invalid {
                field: Some(invalid.field.to_owned()),
                message: invalid.message,
            },
            BrowseError::Repository(cause) => cause.into(),
        }
    }
}

impl From<FindPlaceError> for ApiError {
    fn from(error: FindPlaceError) -> Self {
        match error {
            FindPlaceError::Invalid => Self::Invalid {
                field: Some("q".to_owned()),
                message: error.to_string(),
            },
            FindPlaceError::NotFound(_) => Self::NotFound(error.to_string()),
            FindPlaceError::Unavailable(ref cause) => {
                tracing::warn!(error.cause = %cause.chain(), "geocoder failed");
                Self::Unavailable(error.to_string())
            }
        }
    }
}

impl From<ScheduleError> for ApiError {
    fn from(error: ScheduleError) -> Self {
        match error {
            ScheduleError::NotAVolunteer => Self::Conflict(error.to_string()),
            ScheduleError::Invalid { field, message } => Self::Invalid {
                field: Some(field),
                message,
            },
            ScheduleError::Limited(limited) => Self::TooManyRequests {
                retry_after_secs: limited.retry_after_secs,
                message: error.to_string(),
            },
            ScheduleError::Repository(cause) => cause.into(),
        }
    }
}

impl From<AlertError> for ApiError {
    fn from(error: AlertError) -> Self {
        match error {
            AlertError::Invalid(invalid) => Self::Invalid {
                field: Some(invalid.field.to_owned()),
                message: invalid.message,
            },
            AlertError::BadToken => Self::BadRequest {
                code: ErrorCode::BadToken,
                message: AlertError::BadToken.to_string(),
            },
            AlertError::Repository(cause) => cause.into(),
            other => internal(other),
        }
    }
}

impl From<CareError> for ApiError {
    fn from(error: CareError) -> Self {
        match error {
            CareError::NotFound => Self::NotFound(error.to_string()),
            CareError::Invalid { field, message } => Self::Invalid {
                field: Some(field.to_owned()),
                message,
            },
            CareError::Repository(cause) => cause.into(),
        }
    }
}

impl From<AfspraakError> for ApiError {
    fn from(error: AfspraakError) -> Self {
        match error {
            AfspraakError::NotFound => Self::NotFound(error.to_string()),
            AfspraakError::Invalid(invalid) => Self::Invalid {
                field: Some(invalid.field.to_owned()),
                message: invalid.message,
            },
            AfspraakError::Refused(_)
            | AfspraakError::Moved
            | AfspraakError::AlreadyWritten
            | AfspraakError::AlreadyReplied
            | AfspraakError::AlreadyAnswered
            | AfspraakError::TooManyOpen => Self::Conflict(error.to_string()),
            AfspraakError::TooManyProposals(limited) => Self::TooManyRequests {
                retry_after_secs: limited.retry_after_secs,
                message: error.to_string(),
            },
            AfspraakError::Repository(cause) => cause.into(),
        }
    }
}

impl From<HelpError> for ApiError {
    fn from(error: HelpError) -> Self {
        match error {
            HelpError::Invalid { field, message } => Self::Invalid {
                field: Some(field.to_owned()),
                message: message.to_owned(),
            },
            HelpError::NoSuchPet => Self::NotFound(error.to_string()),
            HelpError::NotYours => Self::Forbidden,
            HelpError::Limited(limited) => Self::TooManyRequests {
                retry_after_secs: limited.retry_after_secs,
                message: error.to_string(),
            },
            HelpError::Repository(cause) => cause.into(),
        }
    }
}

impl From<PushError> for ApiError {
    fn from(error: PushError) -> Self {
        match error {
            PushError::Invalid(SubscriptionError::Full) => Self::Conflict(SubscriptionError::Full.to_string()),
            PushError::Invalid(invalid) => Self::Invalid {
                field: invalid.field().map(str::to_owned),
                message: invalid.to_string(),
            },
            PushError::NotFound => Self::NotFound(PushError::NotFound.to_string()),
            PushError::TooMany(limited) => Self::TooManyRequests {
                retry_after_secs: limited.retry_after_secs,
                message: PushError::TooMany(limited).to_string(),
            },
            PushError::Repository(cause) => cause.into(),
        }
    }
}
