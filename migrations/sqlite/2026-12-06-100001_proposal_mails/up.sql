-- When the last e-mail about a new proposal in a conversation went to this person: the next one
-- waits half an hour after it, unless they read the conversation since.
ALTER TABLE conversation_reads ADD COLUMN proposal_mailed_at TIMESTAMP;
