"""``python -m tutor`` runs the ``celestia`` command."""

import sys

from tutor.cli import main

sys.exit(main())
