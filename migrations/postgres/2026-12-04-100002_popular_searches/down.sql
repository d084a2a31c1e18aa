DROP TABLE popular_searches;
