"""The compiled core's build; everything else about the package is in setup.cfg.

Two kinds of module are compiled by Cython:

- each ``.pyx`` module walks lxml's tree through lxml's public C API (the ``.pxd`` files and
  libxml2 headers lxml ships); it exists only as C, so a source install needs a C compiler and
  stops with one line saying so where none is;
- each ``.py`` module with a ``.pxd`` beside it is typed for Cython in pure-Python mode: without a
  C compiler, or with ``SCRAPY_BOILERPLATE_PURE=1`` in the environment, it is not built and the
  package runs that source interpreted, after a warning.
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
NO_COMPILER = ("scrapy-main-text: building it from source needs a C compiler (gcc, clang or MSVC) and Python's "
               "headers (Debian: apt install gcc python3-dev), or install a wheel")


def warn(message: str) -> None:
    print(f"WARNING: scrapy-main-text: {message}; the package runs its pure-Python path, slower",
          file=sys.stderr)


def module(path: Path) -> str:
    return ".".join(path.with_suffix("").parts)


#: The modules that exist only as C: their ``.pyx`` files.
WALKERS = {module(path): path for path in sorted(Path("scrapy_boilerplate").rglob("*.pyx"))}


def extensions() -> list:
    import lxml
    from Cython.Build import cythonize

    walkers = [Extension(name, [str(path)], include_dirs=lxml.get_include()) for name, path in WALKERS.items()]
    typed = [] if os.environ.get(PURE_VARIABLE, "") not in ("", "0") else [
        str(declarations.with_suffix(".py")) for declarations in sorted(Path("scrapy_boilerplate").rglob("*.pxd"))
        if declarations.with_suffix(".py").exists()]
    return cythonize([*walkers, *typed], build_dir="build/cython", quiet=True,
                     compiler_directives={"language_level": 3, "binding": False})


class BuildExt(build_ext):
    """Builds every extension; a ``.pyx`` one that cannot be built stops the install with one line,
    a pure-mode one warns and leaves its module to run from source."""

    def run(self) -> None:
        try:
            super().run()
        except BUILD_FAILURES as error:
            raise SystemExit(f"error: {NO_COMPILER} ({error})") from None

    def build_extension(self, extension) -> None:
        try:
            super().build_extension(extension)
        except BUILD_FAILURES as error:
            if extension.name in WALKERS:
                raise SystemExit(f"error: {NO_COMPILER} ({extension.name}: {error})") from None
            warn(f"{extension.name} could not be compiled ({error})")


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
