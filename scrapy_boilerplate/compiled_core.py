"""The compiled core: the modules ``pip install`` compiles with Cython, and the switch to their source.

Each module of :data:`MODULES` is an ordinary ``.py`` file with a ``.pxd`` beside it that types it
for Cython (pure-Python mode) or says it is compiled as it is (the Python every rendering runs, which
runs faster compiled): where a C compiler is, ``setup.py`` builds it into an extension,
which Python imports before the source; where none is, the same source runs interpreted. Setting
:data:`PURE_VARIABLE` (``SCRAPY_BOILERPLATE_PURE=1``) in the environment runs the source even where
the extensions are built (the test suite runs both ways), and builds none of them at install time.

Each module of :data:`EXTENSIONS` is a ``.pyx`` file, C over a page's bytes or lxml's nodes with no
Python source: always compiled (``pip install`` stops without a C compiler), whatever the switch.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Sequence

#: The environment variable that chooses the interpreted source of :data:`MODULES`.
PURE_VARIABLE = "SCRAPY_BOILERPLATE_PURE"
#: The modules built as extensions where a C compiler is: each has a ``.pxd`` beside it.
MODULES = ("scrapy_boilerplate.algorithms.learned.trees", "scrapy_boilerplate.algorithms.pagetype.forest",
           "scrapy_boilerplate.html.page", "scrapy_boilerplate.html.walk", "scrapy_boilerplate.html.xpath",
           "scrapy_boilerplate.model.text", "scrapy_boilerplate.output.code", "scrapy_boilerplate.output.images",
           "scrapy_boilerplate.output.inserts", "scrapy_boilerplate.output.renderer",
           "scrapy_boilerplate.output.tables")
#: The modules that exist only as extensions (a ``.pyx`` each): compiled wherever the package runs.
EXTENSIONS = ("scrapy_boilerplate.algorithms.boilerpipe.document", "scrapy_boilerplate.algorithms.boilerpipe.filters",
              "scrapy_boilerplate.algorithms.boilerpipe.segment", "scrapy_boilerplate.algorithms.justext.classify",
              "scrapy_boilerplate.algorithms.justext.paragraph",
              "scrapy_boilerplate.algorithms.justext.segment", "scrapy_boilerplate.algorithms.justext.word_index",
              "scrapy_boilerplate.algorithms.learned.article", "scrapy_boilerplate.algorithms.learned.features",
              "scrapy_boilerplate.algorithms.learned.landmarks",
              "scrapy_boilerplate.algorithms.learned.records",
              "scrapy_boilerplate.algorithms.learned.text_statistics",
              "scrapy_boilerplate.algorithms.learned.wordlist",
              "scrapy_boilerplate.algorithms.pagetype.parts", "scrapy_boilerplate.algorithms.pagetype.words",
              "scrapy_boilerplate.html.nodes", "scrapy_boilerplate.html.search", "scrapy_boilerplate.html.start_tags",
              "scrapy_boilerplate.html.urls", "scrapy_boilerplate.metadata.elements",
              "scrapy_boilerplate.model.untracked",
              "scrapy_boilerplate.output.characters", "scrapy_boilerplate.output.markdown",
              "scrapy_boilerplate.output.markup",
              "scrapy_boilerplate.output.placement")


def pure_chosen() -> bool:
    """Whether the environment asks for the interpreted source (:data:`PURE_VARIABLE` set, not ``0``)."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def modules() -> dict[str, bool]:
    """Each module of :data:`MODULES`, and whether it runs compiled (found without being imported)."""
    return {name: _compiled(importlib.util.find_spec(name)) for name in MODULES}


def compiled() -> bool:
    """Whether every module of :data:`MODULES` runs compiled (those of :data:`EXTENSIONS` always do)."""
    return all(modules().values())


def missing_extensions() -> str | None:
    """What to say, in one line, when a module of :data:`EXTENSIONS` is not built (a source checkout imported
    before ``pip install -e .`` or ``python setup.py build_ext --inplace``); ``None`` when all are."""
    missing = [name for name in EXTENSIONS if not _built(name)]
    if not missing:
        return None
    return (f"scrapy_boilerplate's C extension {', '.join(missing)} is not built: install the package with pip "
            "where a C compiler is, or run 'python setup.py build_ext --inplace' in its checkout")


def built() -> bool:
    """Whether an extension of every module of the core is installed, run or not."""
    return all(_built(name) for name in MODULES)


def _built(name: str) -> bool:
    """Whether the module ``name`` of this package has an extension beside its source: found in its
    folder, without importing its package (whose ``__init__`` may import it)."""
    folder = Path(__file__).parent.joinpath(*name.split(".")[1:-1])
    extensions = (importlib.machinery.ExtensionFileLoader, importlib.machinery.EXTENSION_SUFFIXES)
    return importlib.machinery.FileFinder(str(folder), extensions).find_spec(name) is not None


def _compiled(spec: importlib.machinery.ModuleSpec | None) -> bool:
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` source of :data:`MODULES`, where Python's own finders prefer an extension."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES or not path:
            return None
        source = Path(path[0]) / f"{fullname.rpartition('.')[2]}.py"
        return importlib.util.spec_from_file_location(fullname, source) if source.is_file() else None


def install_source_finder() -> None:
    """Run the source of :data:`MODULES` from now on (their imports to come)."""
    if not any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())
