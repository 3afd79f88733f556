"""What a schedule and a match are: players and games, requests and house-rule settings, rosters, results."""
