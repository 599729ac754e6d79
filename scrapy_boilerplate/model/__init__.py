"""The plain data every layer shares: blocks, extractions and option sets. Imports nothing else of the package."""

from .block import BAD, GOOD, Block
from .extraction import Extraction, Form, Labelled, PageTypeReader, Renderer
from .metadata import Metadata
from .options import Options

__all__ = ["BAD", "GOOD", "Block", "Extraction", "Form", "Labelled", "Metadata", "Options", "PageTypeReader",
           "Renderer"]
