ALTER TABLE conversation_reads DROP COLUMN proposal_mailed_at;
