//! Outgoing e-mail for Oppasmaatje: the transports behind the domain's mailer port and the
//! Dutch templates of every message.
