"""Showing what a classifier did: the block table, the coloured block view and the output formats.

The command line and the ``scrapy boilerplate`` command render through this
package; it reads extractions through their public API only
(:class:`~scrapy_boilerplate.Extraction`, ``Block.to_dict()``).
"""

from .formats import FORMATS, Format, Report, Style
from .table import block_table
from .view import block_view

__all__ = ["FORMATS", "Format", "Report", "Style", "block_table", "block_view"]
