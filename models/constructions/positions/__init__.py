"""Every player alternating: schedules laid out as one sequence of games, cut into rounds.

The stages, one module each (``layout`` has the layout and the proof of where no break is needed):

* ``layout``: positions, groups and classes, group 0's surplus and the switching pairs it asks for;
* ``team_a``: team A's order by the rotation or the pass-by-pass flow;
* ``states``: team A's order by the model over the players' states, which also proves when none exists
  (with switching pairs the splices of ``models/constructions/splices.py`` come first);
* ``team_b``: team B dealt to team A's order, by Koenig's split or pass by pass;
* ``rounds``: the cut into rounds, and the repeats in a round undone by exchanges;
* ``build``: one team order and set of switches through those stages to a schedule;
* ``one_apart``: teams one apart, the smaller even, in closed form;
* ``search``: :func:`~scheveningen.models.constructions.positions.search.alternating_schedule`, the searches over
  team orders and switching pairs.
"""
