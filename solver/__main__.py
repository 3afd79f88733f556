"""``python -m solver`` runs the ``schev`` command line."""

import sys

from solver.cli import main

sys.exit(main())
