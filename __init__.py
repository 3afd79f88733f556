"""scheveningen: design and verify Scheveningen-system schedules for chess team matches.

The distribution installs one import namespace.  The folders of the repository keep the design
card's layout and are mapped onto it by ``package-dir`` in ``pyproject.toml``:

- ``scheveningen.models``: what a schedule and a match are (domain types, text form, published
  tables, constructions, the CP-SAT formulations);
- ``scheveningen.solver``: what works on them (designer, verifier, spec reader, reports, CLI).

``python -m scheveningen`` runs the ``schev`` command line.
"""

__version__ = "0.1.0"  # the one place the version is written: pyproject.toml reads it
