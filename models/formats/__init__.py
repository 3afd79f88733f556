"""Schedules and matches written down: the published text form, the match record, the shipped tables."""
