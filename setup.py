"""The compiled core's build; everything else about the package is in setup.cfg.

Each ``.py`` module of the package with a ``.pxd`` beside it is compiled by Cython (pure-Python
mode: the ``.pxd`` types the same source) into an extension. Without a C compiler, or with
``SCRAPY_BOILERPLATE_PURE=1`` in the environment, no extension is built and the package runs that
source interpreted: the install succeeds either way, and a crawl's log says which it is.
"""

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, CompileError, ExecError, LinkError, PlatformError

# scrapy_boilerplate/compiled_core.py reads the same variable, which the package cannot be imported for here.
PURE_VARIABLE = "SCRAPY_BOILERPLATE_PURE"
BUILD_FAILURES = (CCompilerError, CompileError, ExecError, LinkError, PlatformError, OSError)


def warn(message: str) -> None:
    print(f"WARNING: scrapy-main-text: {message}; the package runs its pure-Python path, slower",
          file=sys.stderr)


def extensions() -> list:
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        warn("Cython is not installed, so the compiled core is not built")
        return []
    sources = sorted(str(declarations.with_suffix(".py")) for declarations in Path("scrapy_boilerplate").rglob("*.pxd"))
    return cythonize(sources, build_dir="build/cython", quiet=True,
                     compiler_directives={"language_level": 3, "binding": False})


class OptionalBuildExt(build_ext):
    """Builds the extensions where it can, and warns where it cannot instead of failing the install."""

    def run(self) -> None:
        try:
            super().run()
        except BUILD_FAILURES as error:
            warn(f"the compiled core could not be built ({error})")

    def build_extension(self, extension) -> None:
        try:
            super().build_extension(extension)
        except BUILD_FAILURES as error:
            warn(f"{extension.name} could not be compiled ({error})")


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
