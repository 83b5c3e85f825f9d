"""``python -m hukm.cli``: the ``hukm`` command."""

import sys

from . import main

if __name__ == "__main__":  # not on import (the doctest run imports every module)
    sys.exit(main())
