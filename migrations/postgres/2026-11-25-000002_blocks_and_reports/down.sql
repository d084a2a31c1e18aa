DROP TABLE reports;
DROP TABLE blocks;
