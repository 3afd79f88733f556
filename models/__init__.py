"""Domain types, the published tables and the CP-SAT formulation of Scheveningen schedules."""
