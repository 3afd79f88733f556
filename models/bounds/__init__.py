"""Lower bounds on breaks: the proven bounds, the bound after played rounds, the phase model that proves them."""
