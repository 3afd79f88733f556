"""``python -m scheveningen.solver`` runs the ``schev`` command line, as ``python -m scheveningen`` does."""

import sys

from scheveningen.solver.cli import main

sys.exit(main())
