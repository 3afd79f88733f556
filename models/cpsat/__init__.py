"""The CP-SAT side: the solver factory, the match model, Boolean literals mixed with constants."""
