"""Large-neighbourhood search over an equal-teams schedule that keeps an organiser's requests.

The full CP-SAT model has n^3 meeting variables and takes seconds to build past 60 boards.  Here only a
part of the schedule is freed at a time and re-solved by a small model built over that part alone.
The driver (``solver/scale/driver.py``) repairs an image of a known design into a schedule keeping every
request, then improves it in the time left.  The modules, each importing only those above it:

* ``budget.py``: the limits of one sub-solve (:class:`Budget`), the search's log, and the sharing of a
  repair's time and work among its sub-solves;
* ``rules.py``: the house rules, checked on a whole grid (``rules_kept``) and posted on a part model;
* ``part.py``: the part model, ``solve_part``: CP-SAT over a few freed rounds, players' games or
  colours, the rest of the grid fixed;
* ``damage.py``: what played rounds and unkept requests did to the image (the rounds and players a
  repair frees);
* ``neighbourhoods.py``: the parts the search frees, drawn from the seed where the breaks are;
* ``exchange.py``: after a swap of opponents, two flipped team mates exchanging their games;
* ``pairings.py``: after a deviation, unplayed rounds re-paired with every colour kept but a few
  players' (scattered rounds, growing windows);
* ``repair.py``: the repair, which calls those in turn and falls back on freeing more and more rounds;
* ``improve.py``: the improvement loop.

Import from the modules themselves; this package re-exports nothing.
"""
