"""``python -m scheveningen`` runs the ``schev`` command line."""

import sys

from scheveningen.solver.cli import main

sys.exit(main())
