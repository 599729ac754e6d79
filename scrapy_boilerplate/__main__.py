"""``python -m scrapy_boilerplate``: see :mod:`scrapy_boilerplate.cli`."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
