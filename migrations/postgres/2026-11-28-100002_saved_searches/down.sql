DROP TABLE saved_searches;
