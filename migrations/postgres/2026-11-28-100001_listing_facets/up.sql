-- What a search filters on besides text, kind and place: one bit per value of a card's
-- species, size, wanted help, companions, offer and experience (see the domain's
-- browse::facets). 0 until start-up rebuilds the cards of the older version.
ALTER TABLE listings ADD COLUMN facets BIGINT NOT NULL DEFAULT 0;
