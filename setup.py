"""The compiled core's build; everything else about the package is in setup.cfg.

Two kinds of module are compiled by Cython:

* each ``.pyx`` of the package, C over a page's bytes or lxml's nodes with no Python source beside
  it, is built always: without Cython or a C compiler the install stops, saying in one line what is
  missing (wheels carry it built);
* each ``.py`` module with a ``.pxd`` beside it (pure-Python mode: the ``.pxd`` types the same
  source) is built where it can be; if it cannot, or with ``SCRAPY_BOILERPLATE_PURE=1`` in the
  environment, the package runs that source interpreted, and a crawl's log says so.
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, CompileError, ExecError, LinkError, PlatformError

# scrapy_boilerplate/compiled_core.py reads the same variable, which the package cannot be imported for here.
PURE_VARIABLE = "SCRAPY_BOILERPLATE_PURE"
BUILD_FAILURES = (CCompilerError, CompileError, ExecError, LinkError, PlatformError, OSError)
PACKAGE = Path("scrapy_boilerplate")


def stop(message: str) -> None:
    """End the build with one line saying what is missing (a SystemExit prints no traceback)."""
    sys.exit(f"error: scrapy-main-text: {message}")


def warn(message: str) -> None:
    print(f"WARNING: scrapy-main-text: {message}; the package runs its pure-Python path, slower",
          file=sys.stderr)


def module_name(source: Path) -> str:
    return ".".join(source.with_suffix("").parts)


def extensions() -> list:
    """The extensions, those that must be built first."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        stop("building the compiled core needs Cython (pip install Cython), which is missing")
    import lxml  # its .pxd files and headers: the walkers use lxml's C API

    required = [Extension(module_name(source), [str(source)], include_dirs=lxml.get_include())
                for source in sorted(PACKAGE.rglob("*.pyx"))]
    optional = []
    if os.environ.get(PURE_VARIABLE, "") in ("", "0"):
        # The .pxd files of the walkers that others cimport have no .py beside them.
        optional = sorted(str(declarations.with_suffix(".py")) for declarations in PACKAGE.rglob("*.pxd")
                          if declarations.with_suffix(".py").exists())
    return cythonize(required + optional, build_dir="build/cython", quiet=True,
                     compiler_directives={"language_level": 3, "binding": False})


COMPILER = "a C compiler and Python's headers (gcc, clang or MSVC; on Debian, python3-dev)"


class BuildExt(build_ext):
    """Builds the ``.pyx`` extensions or stops; the pure-mode ones where it can, warning where it cannot."""

    def run(self) -> None:
        try:
            super().run()
        except BUILD_FAILURES as error:  # no compiler at all (MSVC missing, say)
            stop(f"building the compiled core needs {COMPILER}: {error}")

    def build_extension(self, extension) -> None:
        try:
            super().build_extension(extension)
        except BUILD_FAILURES as error:
            if (PACKAGE.parent / Path(*extension.name.split("."))).with_suffix(".pyx").exists():
                stop(f"building {extension.name} needs {COMPILER}: {error}")
            warn(f"{extension.name} could not be compiled ({error})")


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
