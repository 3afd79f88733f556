"""Running a match: the score and standings from its results."""
