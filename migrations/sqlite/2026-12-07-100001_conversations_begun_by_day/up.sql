-- The conversations a person began since a moment: their day's allowance of new conversations
-- is counted on each start.
CREATE INDEX conversations_started_by_created_at ON conversations (started_by, created_at);
