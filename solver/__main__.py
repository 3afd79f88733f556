"""``python -m scheveningen.solver`` runs the ``schev`` command line, as ``python -m scheveningen`` does."""

import sys

from scheveningen.solver.cli.main import main

sys.exit(main())
