"""Computer proofs of lower bounds on breaks, case by case."""
