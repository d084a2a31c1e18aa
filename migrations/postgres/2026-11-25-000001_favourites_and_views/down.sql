DROP TABLE profile_views;
DROP TABLE favourites;
