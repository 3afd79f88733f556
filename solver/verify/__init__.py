"""Checking schedules: the independent verifier, equivalence up to relabelling, side-by-side comparison."""
