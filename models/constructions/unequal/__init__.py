"""Direct constructions for teams of unequal size: p against q players on k boards.

A match of teams of p (team A) and q (team B) players on k boards, k <= min(p, q) and k dividing
p*q, plays p*q/k rounds; players sit out in turn (after every round the numbers of rounds teammates
have sat out differ by at most one), and colours, runs and breaks count the games a player actually
plays (docs/guide.md, "Unequal teams").  The full CP-SAT model has p*q*(p*q/k) meeting variables and
stops finding anything past a couple of dozen players; the constructions here work at every size up
to 100 a side.  One module a family or idea:

* ``dispatch``: :func:`~.dispatch.construct_unequal`, the families tried in order for a size, and the
  alternating layout alone (``layout_unequal``, ``layout_dealt``);
* ``full_side``: one team plays every round (q = k < p): ``one_team_full`` and
  ``full_side_schedule``, which choose among the families below, and ``blocks_schedule``;
* ``paired``: team B alternating in classes X and Y: the paired classes in closed form, the class
  model over sit-outs, and one more B player (``with_extra_b``);
* ``extra_a``: one more A player and one more round (``with_extra_a``, ``extended_schedule``);
* ``passes``: the sit-outs of pairs and one group in closed form (``pass_pattern``);
* ``grouped``: pairs and one group of A players (``grouped_schedule``);
* ``odd_k``: even p against odd k by pairs, a group and one B player apart (``odd_k_schedule``);
* ``board_classes``: odd k prime to p, B player j on board j (``odd_odd_schedule``,
  ``even_odd_schedule``);
* ``blocks``: blocks of copies of a smaller match, dealt to the A players (``blocks_of_copies``);
* ``runs_of_one``: schedules with no break at all from the sit-out model (``zero_break_schedule``,
  ``runs_of_one_single``);
* ``rotation``: the rotation layout where both teams sit out, and the colour-only model over fixed
  pairings;
* ``both_sit_out``: both teams sit out: a full-side match re-cut, else the rotation layouts;
* ``helpers``: what they share: the rotation's sit-outs, the construction's deadline, the small
  models' solver, break literals and break counts.

The package itself holds no code: import from the module that holds the name.
"""
