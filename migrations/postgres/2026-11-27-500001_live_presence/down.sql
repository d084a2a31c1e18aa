DROP TABLE live_presence;
