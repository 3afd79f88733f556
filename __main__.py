"""``python -m scheveningen`` runs the ``schev`` command line."""

import sys

from scheveningen.solver.cli.main import main

sys.exit(main())
