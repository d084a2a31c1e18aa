DROP TABLE pet_care_views;
DROP TABLE pet_care;
