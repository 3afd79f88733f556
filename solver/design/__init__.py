"""Designing a match: the strategy table and its stages, relaxation in priority order, explanations."""
