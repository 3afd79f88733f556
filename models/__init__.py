"""What a schedule and a match are: the domain, the written forms, direct constructions, the CP-SAT model, bounds."""
