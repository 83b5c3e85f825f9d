"""``python -m hukm``: the ``hukm`` command (:func:`hukm.cli.main`)."""

import sys

from .cli import main

if __name__ == "__main__":  # not on import (the doctest run imports every module)
    sys.exit(main())
