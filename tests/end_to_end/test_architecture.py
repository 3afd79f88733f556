"""The house's shape, kept by tests: folders by role, no import cycle, no module over 800 lines.

`docs/architecture.md` describes the layout; these tests fail when the tree drifts from it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIRS = ("models", "solver")
MAX_LINES = 800


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (``scheveningen.models.domain.schedule``)."""
    found: dict[str, Path] = {}
    for top in PACKAGE_DIRS:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(["scheveningen", *parts])] = path
    return found


MODULES = _modules()


def _imports(path: Path) -> set[str]:
    """The package modules ``path`` imports, at any level (TYPE_CHECKING blocks and functions too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        out.update(name for name in names if name in MODULES)
    return out


def _graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_nodes_from(MODULES)
    for name, path in MODULES.items():
        for target in _imports(path):
            # A module's own package __init__ is not a dependency worth a cycle.
            if not name.startswith(target + "."):
                graph.add_edge(name, target)
    return graph


def test_the_package_has_the_design_cards_two_folders_each_split_by_role() -> None:
    for top in PACKAGE_DIRS:
        loose = [p.name for p in (ROOT / top).glob("*.py") if p.name not in ("__init__.py", "__main__.py")]
        assert loose == [], f"{top}/ holds modules outside its role folders: {loose}"
        roles = [p for p in (ROOT / top).iterdir() if p.is_dir() and (p / "__init__.py").exists()]
        assert len(roles) >= 3, f"{top}/ has too few role folders"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_module_says_what_it_holds_in_a_docstring(name: str) -> None:
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"{name} has no module docstring"


def test_no_module_is_over_800_lines() -> None:
    long = {name: n for name, path in MODULES.items() if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert long == {}, f"modules over {MAX_LINES} lines: {long}"


def test_models_never_import_solver() -> None:
    bad = {
        name: sorted(t for t in _imports(path) if t.startswith("scheveningen.solver"))
        for name, path in MODULES.items()
        if name.startswith("scheveningen.models")
    }
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_import_graph_has_no_cycle() -> None:
    graph = _graph()
    cycles = list(nx.simple_cycles(graph))
    assert cycles == [], f"import cycles: {cycles[:5]}"


def test_the_verifier_shares_no_code_with_the_cpsat_models() -> None:
    graph = _graph()
    verifier = "scheveningen.solver.verify.verifier"
    reached = nx.descendants(graph, verifier)
    modelling = {m for m in reached if m.startswith(("scheveningen.models.cpsat", "scheveningen.models.bounds"))}
    assert modelling == set(), f"the verifier reaches modelling code: {sorted(modelling)}"


def test_the_where_does_it_live_table_matches_the_tree() -> None:
    """Every role folder is named in docs/architecture.md's table, and every folder the table names exists."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:models|solver)/[a-z_/]+)/`", text))
    folders = {
        str(p.relative_to(ROOT))
        for top in PACKAGE_DIRS
        for p in (ROOT / top).rglob("*")
        if p.is_dir() and (p / "__init__.py").exists()
    }
    assert folders - named == set(), f"folders missing from docs/architecture.md: {sorted(folders - named)}"
    assert named - folders == set(), f"docs/architecture.md names folders that do not exist: {sorted(named - folders)}"


def test_every_folder_of_the_package_is_installed() -> None:
    """pyproject.toml lists the packages by hand (the repository root is the namespace): a folder
    missing there would be missing from a normal install while a development install still finds it."""
    listed = set(re.findall(r'"(scheveningen(?:\.[a-z_]+)*)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8")))
    folders = {
        ".".join(["scheveningen", *p.parent.relative_to(ROOT).parts])
        for top in PACKAGE_DIRS
        for p in (ROOT / top).rglob("__init__.py")
    }
    assert folders - listed == set(), f"folders missing from pyproject.toml's packages: {sorted(folders - listed)}"


def _has_logic(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.FunctionDef | ast.ClassDef) for node in tree.body)


def test_every_module_with_logic_has_a_test_module_where_the_tree_says() -> None:
    """``models/a/b.py`` is tested in ``tests/models/a/test_b.py``; a folder split into a family
    (``unequal/``, ``lns/``, ``design/``) may be tested as a whole by a test module named for the
    folder, beside it or inside it."""
    tests = ROOT / "tests"
    missing = []
    for path in MODULES.values():
        if path.name in ("__init__.py", "__main__.py") or not _has_logic(path):
            continue
        rel = path.relative_to(ROOT)
        candidates = [tests / rel.parent / f"test_{path.stem}.py"]
        for folder in rel.parents:
            if folder.name in ("", *PACKAGE_DIRS):
                break
            candidates += [tests / folder / f"test_{folder.name}.py", tests / folder.parent / f"test_{folder.name}.py"]
        if not any(c.exists() for c in candidates):
            missing.append(str(rel))
    assert missing == [], f"modules with no test module: {missing}"
