//! How messaging tells someone without an open page: the mail and the push about a new message,
//! and how others read a person's name.

use super::*;

impl Messaging {
    /// Tells `recipient` of `message` when they have no page of the platform open: a push to
    /// their devices, and the e-mail (when they take it, at most once per conversation in
    /// [`NOTIFY_EVERY_MINUTES`] while unread). With a push on its way the e-mail is held: it goes
    /// after those minutes when a push arrived and the message is still unread, at once when
    /// none did.
    pub(super) fn notify_away(
        &self,
        conversation: &Conversation,
        message: &Message,
        recipient: UserId,
    ) -> anyhow::Result<()> {
        let now = self.ports.clock.now();
        let Some(user) = self.ports.users.find_user(recipient)? else {
            return Ok(());
        };
        if user.is_online(now) {
            return Ok(());
        }
        let quiet_since = now - Duration::minutes(NOTIFY_EVERY_MINUTES);
        let mail = if user.message_emails
            && self
                .ports
                .conversations
                .claim_notification(conversation.id, recipient, now, quiet_since)?
        {
            Some(MailMessage::NewMessage {
                first_name: self.first_name_of(recipient)?,
                sender_first_name: self.sender_name(message.sender_id)?,
                conversation_id: conversation.id,
            })
        } else {
            None
        };
        if self.ports.push.enabled() {
            let preview = self.ports.push.previews(recipient)?.then(|| preview_of(&message.body));
            let notice = PushNotice::NewMessage {
                sender_first_name: self.sender_name(message.sender_id)?,
                conversation_id: conversation.id,
                preview,
            };
            let held = match &mail {
                Some(mail) => Some(HeldMail {
                    conversation: conversation.id,
                    message: message.id,
                    mail: self.ports.mailer.seal(&user.email, mail)?,
                    send_if_pushed_at: now + Duration::minutes(NOTIFY_EVERY_MINUTES),
                }),
                None => None,
            };
            if self.ports.push.send(recipient, &notice, held.as_ref())? > 0 {
                return Ok(());
            }
        }
        if let Some(mail) = mail {
            self.ports.mailer.send(&user.email, mail)?;
        }
        Ok(())
    }

    /// How a notice names `sender`: their first name, or 'iemand'.
    pub(super) fn sender_name(&self, sender: UserId) -> Result<String, RepositoryError> {
        Ok(self.first_name_of(sender)?.unwrap_or_else(|| "iemand".to_owned()))
    }

    /// How others read the name of `user` beside what they wrote: their first name, or
    /// 'Verwijderd account' once the account is gone.
    ///
    /// # Errors
    /// Storage failures.
    pub(crate) fn name_for_others(&self, user: UserId) -> Result<String, RepositoryError> {
        if self.is_gone(user)? {
            return Ok(crate::sign_in::user::DELETED_ACCOUNT_NAME.to_owned());
        }
        Ok(self.first_name_of(user)?.unwrap_or_else(|| "iemand".to_owned()))
    }

    /// Mails `to` what `make` writes with their first name and `other`'s, when they take mails
    /// about their conversations (the setting 'E-mail bij nieuwe berichten'); `Ok(false)` when
    /// they do not, or their account is gone.
    ///
    /// # Errors
    /// Storage failures; a mail that cannot be sealed or stored.
    pub(crate) fn mail_about(
        &self,
        to: UserId,
        other: UserId,
        make: impl FnOnce(Option<String>, String) -> MailMessage,
    ) -> anyhow::Result<bool> {
        let Some(user) = self.ports.users.find_user(to)? else {
            return Ok(false);
        };
        if !user.message_emails || crate::sign_in::user::is_deleted_account(&user) {
            return Ok(false);
        }
        let other_first_name = self.first_name_of(other)?.unwrap_or_else(|| "iemand".to_owned());
        let first_name = self.first_name_of(to)?;
        self.ports
            .mailer
            .send(&user.email, make(first_name, other_first_name))?;
        Ok(true)
    }

    /// Pushes a notice about `other` (made from their first name) to the devices of `to`, when
    /// `to` has no page of the platform open; `false` when nothing was sent.
    ///
    /// # Errors
    /// Storage failures.
    pub(crate) fn push_about(
        &self,
        to: UserId,
        other: UserId,
        make: impl FnOnce(String) -> PushNotice,
    ) -> anyhow::Result<bool> {
        if !self.ports.push.enabled() {
            return Ok(false);
        }
        let Some(user) = self.ports.users.find_user(to)? else {
            return Ok(false);
        };
        if user.is_online(self.ports.clock.now()) || crate::sign_in::user::is_deleted_account(&user) {
            return Ok(false);
        }
        let notice = make(self.sender_name(other)?);
        Ok(self.ports.push.send(to, &notice, None)? > 0)
    }
}
