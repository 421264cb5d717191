"""The house rules of the tree: a game lives in its folder and reaches the rest through its
registration.

- No module of ``src/fourfeathers`` outside ``games/<game>/`` names a game (id in kebab or snake
  form, or title, in any case) or imports a game folder; nor does any page file there (the web
  shell's scripts, styles and HTML).
- No game folder imports another one, nor the user interfaces: ``fourfeathers.cli`` and
  ``fourfeathers.web`` read what a game declares, and only its ``render.py`` draws with rich.
- Every game folder has the same files for the same roles, and its ``__init__`` docstring says
  what each of its modules holds.
- Every part a registration names loads and has the shape its role needs.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from fourfeathers.core.registry import GameSpec, list_games
from fourfeathers.core.search import SearchProfile

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "fourfeathers"
GAMES = PACKAGE / "games"
FOLDERS = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())

ROLES = (
    "__init__.py",
    "content.py",
    "content.toml",
    "game.py",
    "state.py",
    "actions.py",
    "rules.py",
    "scoring.py",
    "words.py",
    "render.py",
    "heuristic.py",
    "cli.py",
    "encoding.py",
)
"""The files every game folder has (``features.py`` only where reports have features,
``rules_<part>.py`` where the rules need them)."""


def game_names() -> set[str]:
    """Every way the tree may name a game: folder names, registered ids and titles."""
    names = set(FOLDERS)
    for spec in list_games():
        if spec.package.startswith("fourfeathers.games."):
            names |= {spec.id, spec.id.replace("-", "_"), spec.title}
    return {n.lower() for n in names}


NAME = re.compile("|".join(re.escape(n) for n in sorted(game_names(), key=len, reverse=True)), re.I)


def imported_modules(path: Path, text: str) -> list[str]:
    """The absolute names of what module ``path`` with source ``text`` imports (relative imports
    resolved; ``from a import b`` gives ``a`` and ``a.b``)."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    names = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            names += [base] + [f"{base}.{alias.name}" for alias in node.names]
    return names


def game_folder_of(module: str) -> str | None:
    """``fourfeathers.games.<folder>...`` -> ``<folder>`` (None for any other module)."""
    parts = module.split(".")
    if parts[:2] == ["fourfeathers", "games"] and len(parts) > 2 and parts[2] in FOLDERS:
        return parts[2]
    return None


def problems_outside_games(path: Path, text: str | None = None) -> list[str]:
    """What module ``path`` (with source ``text``, default: the file's) does that only a game
    folder may: name a game, import a game folder."""
    text = path.read_text(encoding="utf-8") if text is None else text
    found = [f"names {m.group(0)!r}" for m in NAME.finditer(text)]
    return found + [f"imports {m}" for m in imported_modules(path, text) if game_folder_of(m)]


PAGE_FILES = ("*.js", "*.css", "*.html")
"""The page files of the package (the web shell's and the games' views)."""


def outside(pattern: str) -> list[Path]:
    return sorted(
        p
        for p in PACKAGE.rglob(pattern)
        if not (p.parent != GAMES and GAMES in p.parents)  # inside games/<game>/
    )


def outside_modules() -> list[Path]:
    return outside("*.py")


def outside_page_files() -> list[Path]:
    return [p for pattern in PAGE_FILES for p in outside(pattern)]


def test_the_layout_test_sees_the_games():
    assert len(FOLDERS) >= 4
    assert {"featherlight", "fancy-feathers", "fancy_feathers", "isle of feathers"} <= game_names()
    assert PACKAGE / "cli" / "score.py" in outside_modules()
    assert PACKAGE / "games" / "__init__.py" in outside_modules()
    assert not any(GAMES / folder in p.parents for p in outside_modules() for folder in FOLDERS)


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ('"""feathers score featherlight --hand 1,2,3"""', "names 'featherlight'"),
        ("GAME = 'fancy_feathers'", "names 'fancy_feathers'"),
        ("# the rules of Isle of Feathers", "names 'Isle of Feathers'"),
        ("from .. import games as g  # noqa", None),
        ("from ..games import familiar_feat", "imports fourfeathers.games.familiar_feat"),
        ("from ..games.x_y import rules", None),
        ("import fourfeathers.games.isle_of_feathers.hexgrid", "imports fourfeathers.games.isle"),
    ],
)
def test_a_module_naming_or_importing_a_game_is_caught(line: str, problem: str | None):
    """Proof that the check can fail: each line, added to cli/score.py, is reported (or, for a
    line that names no game, not)."""
    path = PACKAGE / "cli" / "score.py"
    found = problems_outside_games(path, path.read_text(encoding="utf-8") + line + "\n")
    if problem is None:
        assert found == []
    else:
        assert any(p.startswith(problem) for p in found), found


def test_no_module_outside_a_game_folder_names_or_imports_a_game():
    found = {
        str(p.relative_to(PACKAGE)): problems
        for p in outside_modules()
        if (problems := problems_outside_games(p))
    }
    assert found == {}


def test_no_page_file_outside_a_game_folder_names_a_game():
    files = outside_page_files()
    assert PACKAGE / "web" / "static" / "table.js" in files
    found = {
        str(p.relative_to(PACKAGE)): names
        for p in files
        if (names := [m.group(0) for m in NAME.finditer(p.read_text(encoding="utf-8"))])
    }
    assert found == {}
    shell = (PACKAGE / "web" / "static" / "table.js").read_text(encoding="utf-8")
    assert NAME.search(shell + "// drawn like Featherlight's nest\n")  # the check can fail


@pytest.mark.parametrize("folder", FOLDERS)
def test_a_game_folder_imports_no_other_game(folder: str):
    for path in sorted((GAMES / folder).rglob("*.py")):
        modules = imported_modules(path, path.read_text(encoding="utf-8"))
        others = {game_folder_of(m) for m in modules} - {None, folder}
        assert not others, f"{path.relative_to(PACKAGE)} imports {others}"


INTERFACES = ("fourfeathers.cli", "fourfeathers.web")
"""The user interfaces, which read the games' declarations (``core/options.py``)."""

UI_LIBRARIES = ("typer", "click", "rich")
"""The terminal libraries: a game's ``render.py`` alone draws with rich."""


def interface_imports(path: Path, text: str) -> list[str]:
    """What module ``path`` of a game folder (with source ``text``) imports that a game may not:
    a user interface (``INTERFACES``) or, but in ``render.py``, a terminal library."""
    libraries = () if path.name == "render.py" else UI_LIBRARIES
    return sorted(
        {
            m
            for m in imported_modules(path, text)
            if any(m == top or m.startswith(top + ".") for top in (*INTERFACES, *libraries))
        }
    )


@pytest.mark.parametrize(
    ("name", "line", "found"),
    [
        ("cli.py", "from ...cli.common import fail", "fourfeathers.cli.common"),
        ("cli.py", "from fourfeathers.web import lobby", "fourfeathers.web"),
        ("cli.py", "import typer", "typer"),
        ("words.py", "from rich.text import Text", "rich.text"),
        ("render.py", "from rich.text import Text", None),
        ("render.py", "from ...cli import view", "fourfeathers.cli"),
        ("cli.py", "from ...core.options import GameOption", None),
        ("cli.py", "from .web import catalogue", None),
    ],
)
def test_a_game_module_importing_an_interface_is_caught(name: str, line: str, found: str | None):
    """Proof that the check can fail: each line, in a module ``name`` of Featherlight's folder,
    is reported (or, for an import a game may make, not)."""
    path = GAMES / "featherlight" / name
    imports = interface_imports(path, line + "\n")
    assert (found in imports) if found else imports == []


@pytest.mark.parametrize("folder", FOLDERS)
def test_no_game_module_imports_the_command_line_or_the_web_server(folder: str):
    found = {
        str(path.relative_to(PACKAGE)): imports
        for path in sorted((GAMES / folder).rglob("*.py"))
        if (imports := interface_imports(path, path.read_text(encoding="utf-8")))
    }
    assert found == {}


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_game_folder_has_the_same_roles_and_says_what_each_file_holds(folder: str):
    files = {p.name for p in (GAMES / folder).iterdir() if p.is_file()}
    missing = [role for role in ROLES if role not in files]
    assert not missing, f"games/{folder} lacks {missing}"
    doc = ast.get_docstring(ast.parse((GAMES / folder / "__init__.py").read_text())) or ""
    unsaid = [name for name in sorted(files) if name.endswith(".py") and name != "__init__.py"]
    unsaid += ["content.toml"]
    assert [name for name in unsaid if f"``{name}``" not in doc] == []


@pytest.mark.parametrize("spec", list_games(), ids=lambda s: s.id)
def test_every_part_a_registration_names_loads(spec: GameSpec):
    heuristic = spec.part("heuristic")
    assert heuristic is None or isinstance(heuristic, SearchProfile) or callable(heuristic)
    profile = spec.search_profile()
    assert profile is None or callable(profile.evaluate)
    features = spec.part("features")
    assert features is None or callable(features)
    render = spec.part("render")
    if render is not None:
        assert callable(render.render_state) and callable(render.render_result)
    web = spec.part("web")
    if web is not None:  # a package: its folder holds the page files (view.js, view.css)
        assert Path(web.__file__).name == "__init__.py"
        assert all(callable(getattr(web, f, len)) for f in ("catalogue", "derive"))
        assert isinstance(getattr(web, "VARIANTS", {}), dict)
    cli = spec.part("cli")
    if cli is not None:
        assert isinstance(cli.OPTIONS, tuple) and isinstance(cli.EXAMPLES, dict)
        for lines in cli.EXAMPLES.values():
            assert all(line.startswith("feathers ") for line in lines)
    encoding = spec.part("encoding")
    if spec.package.startswith("fourfeathers.games."):
        assert encoding is not None, "every game of the package has a research encoding"
    if encoding is not None:
        enc = encoding(spec.factory(**spec.configurations[0]))
        assert len(enc.action_layout) == enc.num_distinct_actions
        assert callable(enc.encode_observation) and callable(enc.legal_action_ids)
