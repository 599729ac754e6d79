"""The package's layout: imports run only down its layers, and never in a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scrapy_boilerplate"

#: Each layer and the layers it may import, besides itself; those below first.
LAYERS = {
    "compiled_core": set(),
    "errors": set(),
    "model": {"errors"},
    "html": {"errors", "model"},
    "algorithms": {"errors", "model", "html"},
    "output": {"errors", "model", "html"},
    "metadata": {"errors", "model", "html"},
    "api": {"errors", "model", "html", "algorithms", "output", "metadata"},
    "integrations": {"errors", "model", "html", "algorithms", "output", "metadata", "api"},
    "inspect": {"errors", "model", "html", "algorithms", "output", "api"},
    "workers": {"errors", "model", "html", "algorithms", "output", "api"},
    "archives": {"errors", "model", "html", "algorithms", "api", "workers"},
    "components": {"compiled_core", "errors", "model", "html", "algorithms", "output", "api", "workers",
                   "integrations"},
    "cli": {"compiled_core", "errors", "model", "html", "algorithms", "output", "api", "inspect", "workers",
            "archives"},
    "commands": {"errors", "model", "html", "algorithms", "output", "api", "inspect", "components"},
}
#: Layers that must work without Scrapy installed.
WITHOUT_SCRAPY = {"compiled_core", "errors", "model", "html", "algorithms", "output", "metadata", "integrations", "api", "inspect",
                  "workers", "archives", "cli"}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path) -> set[str]:
    """The modules of any package ``name`` imports, anywhere in it (inside functions too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "scrapy_boilerplate" or len(parts) < 2:
        return None
    return parts[1]


GRAPH = {name: {imported for imported in imports(name, path) if imported in modules()}
         for name, path in modules().items()}


@pytest.mark.parametrize("name", sorted(name for name in GRAPH if layer(name) in LAYERS))
def test_imports_run_down_the_layers(name):
    own = layer(name)
    upward = sorted(imported for imported in GRAPH[name]
                    if layer(imported) not in (own, None) and layer(imported) not in LAYERS[own])
    assert not upward, f"{name} ({own}) imports from layers above it: {upward}"


@pytest.mark.parametrize("name", sorted(name for name in GRAPH if layer(name) in WITHOUT_SCRAPY))
def test_engine_layers_do_not_import_scrapy(name):
    assert not {module for module in imports(name, modules()[name]) if module.split(".")[0] == "scrapy"}


def test_every_module_is_in_a_layer():
    assert {layer(name) for name in GRAPH} - {None} <= set(LAYERS) | {"__main__"}


def test_no_import_cycle():
    # A module's imports include its package's __init__, which Python runs first.
    def edges(name):
        for imported in GRAPH[name]:
            if imported != name and not name.startswith(imported + "."):
                yield imported

    visiting, done = [], set()

    def visit(name):
        if name in done:
            return
        if name in visiting:
            cycle = visiting[visiting.index(name):] + [name]
            pytest.fail("import cycle: " + " -> ".join(cycle))
        visiting.append(name)
        for imported in edges(name):
            visit(imported)
        visiting.pop()
        done.add(name)

    for name in sorted(GRAPH):
        visit(name)
