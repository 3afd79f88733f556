"""Schedules built directly, without search: equal teams, unequal teams, the alternating layouts."""
