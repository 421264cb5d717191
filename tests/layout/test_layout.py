"""The house rules of the tree: a game lives in its folder and reaches the rest through its
registration.

- No module of ``src/fourfeathers`` outside ``games/<game>/`` names a game (id in kebab or snake
  form, or title, in any case) or imports a game folder; nor does any page file there (the web
  shell's scripts, styles and HTML).
- No game folder imports another one, nor the user interfaces: ``fourfeathers.cli`` and
  ``fourfeathers.web`` read what a game declares, and only its ``render.py`` draws with rich.
- Every game folder has the files every game needs (``REQUIRED``); an optional part
  (``OPTIONAL``), where present, is the part its registration names and has the shape of its
  role; the package's own games have every role of the house (``SHIPPED``); the ``__init__``
  docstring says what each module holds.
- Every part a registration names loads and has the shape its role needs.

The per-folder checks take a ``GameFolder`` (a folder and its registration), so that they run on
the package's games and on Pebbles, the game of another package (``tests/fixtures/pebbles``).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from fourfeathers.core.options import GameOption, ScoreCommand
from fourfeathers.core.registry import GameSpec, game_spec, list_games
from fourfeathers.core.search import SearchProfile

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "fourfeathers"
GAMES = PACKAGE / "games"
FOLDERS = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())

REQUIRED = ("__init__.py", "game.py", "state.py", "actions.py", "rules.py")
"""The files every game needs: its registration, its ``Game``, its ``State``, its actions, its
rules (a large game splits them into ``rules_<part>.py`` modules beside ``rules.py``)."""

OPTIONAL = {
    "content.py": None,
    "content.toml": None,
    "scoring.py": None,
    "words.py": None,
    "render.py": "render",
    "heuristic.py": "heuristic",
    "features.py": "features",
    "cli.py": "cli",
    "encoding.py": "encoding",
    "web": "web",
}
"""The optional files (and the ``web`` folder), with the registration part each one is (None:
no part). A game may leave any out; where present, it is that part and has its shape."""

SHIPPED = (*REQUIRED, *(name for name in OPTIONAL if name not in ("features.py", "web")))
"""The files every game of this package has (``features.py`` only where reports have features;
``web/`` too, but the pages' tests check it)."""


def game_names() -> set[str]:
    """Every way the tree may name a game: folder names, registered ids and titles."""
    names = set(FOLDERS)
    for spec in list_games():
        if spec.package.startswith("fourfeathers.games."):
            names |= {spec.id, spec.id.replace("-", "_"), spec.title}
    return {n.lower() for n in names}


NAME = re.compile("|".join(re.escape(n) for n in sorted(game_names(), key=len, reverse=True)), re.I)


def imported_modules(path: Path, text: str, root: Path = PACKAGE.parent) -> list[str]:
    """The absolute names of what module ``path`` with source ``text`` imports (relative imports
    resolved from ``root``, the folder holding its top package; ``from a import b`` gives ``a``
    and ``a.b``)."""
    package = ".".join(path.relative_to(root).with_suffix("").parts)
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


INTERFACES = ("fourfeathers.cli", "fourfeathers.web")
"""The user interfaces, which read the games' declarations (``core/options.py``)."""

UI_LIBRARIES = ("typer", "click", "rich")
"""The terminal libraries: a game's ``render.py`` alone draws with rich."""


def interface_imports(path: Path, text: str, root: Path = PACKAGE.parent) -> list[str]:
    """What module ``path`` of a game folder (with source ``text``; ``root`` as for
    ``imported_modules``) imports that a game may not: a user interface (``INTERFACES``) or, but
    in ``render.py``, a terminal library."""
    libraries = () if path.name == "render.py" else UI_LIBRARIES
    return sorted(
        {
            m
            for m in imported_modules(path, text, root)
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


PEBBLES = Path(__file__).resolve().parents[1] / "fixtures" / "pebbles"
"""The folder holding ``feathers_pebbles``, a game of another package."""


@dataclass(frozen=True)
class GameFolder:
    """A game folder and its registration, as the per-folder checks take them.

    Attributes:
        path: the folder (``.../games/featherlight``).
        root: the folder holding its top package (for relative imports).
        spec: its ``GameSpec``.
        shipped: one of this package's games (held to ``SHIPPED``).
    """

    path: Path
    root: Path
    spec: GameSpec
    shipped: bool

    @property
    def package(self) -> str:
        """The folder's package name (``fourfeathers.games.featherlight``)."""
        return ".".join(self.path.relative_to(self.root).parts)

    def modules(self) -> list[Path]:
        return sorted(self.path.rglob("*.py"))

    def __str__(self) -> str:
        return self.spec.id


def pebbles_spec() -> GameSpec:
    """Pebbles' registration, imported from the fixture's folder (not registered)."""
    if str(PEBBLES) not in sys.path:
        sys.path.insert(0, str(PEBBLES))
    spec: GameSpec = importlib.import_module("feathers_pebbles").SPEC
    return spec


def game_folders() -> list[GameFolder]:
    """The package's game folders and Pebbles'."""
    specs = {s.package: s for s in list_games()}
    shipped = [
        GameFolder(GAMES / f, PACKAGE.parent, specs[f"fourfeathers.games.{f}"], True)
        for f in FOLDERS
    ]
    return [*shipped, GameFolder(PEBBLES / "feathers_pebbles", PEBBLES, pebbles_spec(), False)]


FOLDER_CASES = game_folders()


def test_the_suite_checks_the_package_games_and_pebbles():
    assert [str(f) for f in FOLDER_CASES][-1] == "pebbles" and len(FOLDER_CASES) == len(FOLDERS) + 1
    assert FOLDER_CASES[-1].package == "feathers_pebbles"
    assert {f.package for f in FOLDER_CASES[:-1]} == {f"fourfeathers.games.{f}" for f in FOLDERS}


def other_games_imported(folder: GameFolder) -> dict[str, set[str]]:
    """The modules of ``folder`` that import another game folder (of this package or another
    game's package), with what they import."""
    own = folder.path.name if folder.shipped else None
    found: dict[str, set[str]] = {}
    for path in folder.modules():
        modules = imported_modules(path, path.read_text(encoding="utf-8"), folder.root)
        if others := {m for m in modules if game_folder_of(m) not in (None, own)}:
            found[str(path.relative_to(folder.root))] = others
    return found


@pytest.mark.parametrize("folder", FOLDER_CASES, ids=str)
def test_a_game_folder_imports_no_other_game(folder: GameFolder):
    assert other_games_imported(folder) == {}


@pytest.mark.parametrize("folder", FOLDER_CASES, ids=str)
def test_no_game_module_imports_the_command_line_or_the_web_server(folder: GameFolder):
    found = {
        str(path.relative_to(folder.root)): imports
        for path in folder.modules()
        if (imports := interface_imports(path, path.read_text(encoding="utf-8"), folder.root))
    }
    assert found == {}


def missing_files(folder: GameFolder) -> list[str]:
    """The files ``folder`` lacks: of ``REQUIRED``, and of ``SHIPPED`` for this package's."""
    names = {p.name for p in folder.path.iterdir()}
    return [name for name in (SHIPPED if folder.shipped else REQUIRED) if name not in names]


@pytest.mark.parametrize("folder", FOLDER_CASES, ids=str)
def test_every_game_folder_has_the_required_files_and_says_what_each_file_holds(
    folder: GameFolder,
):
    assert missing_files(folder) == []
    files = {p.name for p in folder.path.iterdir() if p.is_file()}
    doc = ast.get_docstring(ast.parse((folder.path / "__init__.py").read_text())) or ""
    unsaid = [name for name in sorted(files) if name.endswith((".py", ".toml"))]
    assert [name for name in unsaid if name != "__init__.py" and f"``{name}``" not in doc] == []
    assert ("content.py" in files) == ("content.toml" in files), "content.py reads content.toml"


def test_a_folder_without_a_required_file_is_caught(tmp_path: Path):
    """Proof that the check can fail: Pebbles' folder copied without ``rules.py``."""
    copy = tmp_path / "feathers_pebbles"
    copy.mkdir()
    for path in FOLDER_CASES[-1].path.glob("*.py"):
        if path.name != "rules.py":
            (copy / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    folder = GameFolder(copy, tmp_path, FOLDER_CASES[-1].spec, False)
    assert missing_files(folder) == ["rules.py"]
    assert missing_files(GameFolder(copy, tmp_path, folder.spec, True))[-1] == "encoding.py"


def defined_in(value: Any) -> str:
    """The module a part's object comes from: a module's name, else its ``__module__`` (a
    ``SearchProfile``'s: its ``evaluate``'s)."""
    if isinstance(value, ModuleType):
        return value.__name__
    if isinstance(value, SearchProfile):
        value = value.evaluate
    return str(getattr(value, "__module__", ""))


def part_problems(folder: GameFolder) -> list[str]:
    """What is wrong with the optional parts of ``folder``: a role file present that is not the
    part its registration names, a part without the shape of its role."""
    spec, problems = folder.spec, []
    for name, role in OPTIONAL.items():
        if role is None or not (folder.path / name).exists():
            continue
        module = f"{folder.package}.{name.removesuffix('.py')}"
        part = spec.part(role)
        if part is None or defined_in(part) != module:
            problems.append(f"{name} is not its {role} part ({defined_in(part) or None})")
    problems += shape_problems(spec)
    return problems


def shape_problems(spec: GameSpec) -> list[str]:
    """What the registered parts of ``spec`` lack of the shape of their roles."""
    problems: list[str] = []

    def need(ok: bool, what: str) -> None:
        if not ok:
            problems.append(what)

    heuristic = spec.part("heuristic")
    need(
        heuristic is None or isinstance(heuristic, SearchProfile) or callable(heuristic),
        "heuristic: a SearchProfile or an evaluate function",
    )
    profile = spec.search_profile()
    need(profile is None or callable(profile.evaluate), "heuristic: evaluate callable")
    features = spec.part("features")
    need(features is None or callable(features), "features: seat_features callable")
    render = spec.part("render")
    if render is not None:
        need(
            callable(getattr(render, "render_state", None))
            and callable(getattr(render, "render_result", None)),
            "render: render_state and render_result",
        )
    web = spec.part("web")
    if web is not None:  # a package: its folder holds the page files (view.js, view.css)
        need(Path(web.__file__).name == "__init__.py", "web: a package")
        need(
            all(callable(getattr(web, f, len)) for f in ("catalogue", "derive")),
            "web: catalogue and derive callable if present",
        )
        need(isinstance(getattr(web, "VARIANTS", {}), dict), "web: VARIANTS a dict")
    cli = spec.part("cli")
    if cli is not None:
        options = getattr(cli, "OPTIONS", ())
        need(
            isinstance(options, tuple) and all(isinstance(o, GameOption) for o in options),
            "cli: OPTIONS a tuple of GameOption",
        )
        examples = getattr(cli, "EXAMPLES", {})
        need(
            isinstance(examples, dict)
            and all(line.startswith("feathers ") for lines in examples.values() for line in lines),
            "cli: EXAMPLES lines of feathers commands",
        )
        score = getattr(cli, "SCORE", None)
        need(score is None or isinstance(score, ScoreCommand), "cli: SCORE a ScoreCommand")
    encoding = spec.part("encoding")
    if encoding is not None:
        enc = encoding(spec.factory(**spec.configurations[0]))
        need(len(enc.action_layout) == enc.num_distinct_actions, "encoding: action layout")
        need(
            callable(enc.encode_observation) and callable(enc.legal_action_ids),
            "encoding: encode_observation and legal_action_ids",
        )
    return problems


@pytest.mark.parametrize("folder", FOLDER_CASES, ids=str)
def test_every_optional_part_present_is_the_registered_part_with_its_shape(folder: GameFolder):
    assert part_problems(folder) == []
    if folder.shipped:
        assert folder.spec.part("encoding") is not None, "every game of the package has one"


def test_a_part_without_its_shape_or_registration_is_caught():
    """Proof that the check can fail: Pebbles registered without its heuristic while its
    ``heuristic.py`` is there, and with a ``cli`` part whose SCORE is a function."""
    folder = FOLDER_CASES[-1]
    spec = dataclasses.replace(folder.spec, heuristic=None, cli=_BadCli())
    problems = part_problems(GameFolder(folder.path, folder.root, spec, False))
    assert problems == [
        "heuristic.py is not its heuristic part (None)",
        f"cli.py is not its cli part ({__name__})",
        "cli: SCORE a ScoreCommand",
    ]


class _BadCli:
    """A ``cli`` part written for the former interface: a score function."""

    OPTIONS = ()
    EXAMPLES: dict[str, tuple[str, ...]] = {}

    @staticmethod
    def SCORE() -> None:
        """Not a ScoreCommand."""


def test_a_folder_importing_another_game_is_caught(tmp_path: Path):
    """Proof that the check can fail: a copy of Pebbles' folder whose rules import
    Featherlight's."""
    copy = tmp_path / "feathers_pebbles"
    copy.mkdir()
    (copy / "rules.py").write_text("from fourfeathers.games.featherlight import rules\n")
    folder = GameFolder(copy, tmp_path, game_spec("featherlight"), False)
    assert other_games_imported(folder) == {
        "feathers_pebbles/rules.py": {
            "fourfeathers.games.featherlight",
            "fourfeathers.games.featherlight.rules",
        }
    }


def test_every_test_module_has_its_own_name():
    """The test folders are not packages: pytest imports each test file by its bare name, so two
    ``test_x.py`` in two folders stop the whole run's collection (``import file mismatch``), and
    a helper module imported by name (``import test_seats``) would get whichever came first."""
    tests = Path(__file__).resolve().parents[1]
    names: dict[str, list[str]] = {}
    for path in tests.rglob("test_*.py"):
        names.setdefault(path.name, []).append(str(path.relative_to(tests)))
    assert {n: p for n, p in names.items() if len(p) > 1} == {}
