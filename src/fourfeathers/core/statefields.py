"""A state's fields declared once; its plumbing derived from the declaration.

Each game's ``state.py`` lists its fields, in ``to_dict`` order, as a ``StateFields`` of
``Field`` entries: the name, the shape (``INT``, ``LIST``, ``LISTS``, ``TABLE``, ``TUPLES`` or
``DICT``) and, for lists, how many rows and items they hold. From that come

- the state's ``__slots__`` (``names``);
- ``to_dict`` (``dump``): every field in declaration order, lists copied, JSON-ready;
- ``state_from_dict``'s reading (``read``): a missing field, a wrong type or a wrong length is
  refused with a ``ValueError`` that names the game and the field; the values read are fresh
  lists the state may own;
- ``clone`` (``clone_method``): generated code that copies each field as its shape says,
  statement for statement what a hand-written clone does (playouts clone all the time, so no
  loop over the fields at run time);
- ``restore``: the state ``pickle`` rebuilds from ``__reduce__``'s fields by name.

A field a game keeps in its own form (a dict of cells, a cell key that ``to_dict`` writes as
coordinates) gives its own ``read`` and ``write`` functions, which live in the game's folder.
A compiled state (setup.py) keeps a hand-written ``clone``: mypyc compiles it to native
attribute copies, which generated Python code cannot match; ``check_clone`` is what the tests
hold it to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from .config import is_int
from .game import check_state_data

INT: Final = "int"
"""An int (a bool is refused when read)."""
LIST: Final = "list"
"""A list of ints."""
LISTS: Final = "lists"
"""A list of lists of ints (a hand per seat, the nest's stacks)."""
TABLE: Final = "table"
"""A square table of lists of ints, ``rows`` by ``rows`` (what each seat knows of each hand)."""
TUPLES: Final = "tuples"
"""A list of tuples of ints, written as lists (a tuple is never changed in place: a clone
shares them)."""
DICT: Final = "dict"
"""A dict whose keys and values are never changed in place (a clone copies the dict only); the
game gives ``read`` and ``write``."""

_SHAPES = (INT, LIST, LISTS, TABLE, TUPLES, DICT)

_S = TypeVar("_S")

Size = int | str | None
"""A count: a number, the name of a size given to ``read`` (``"players"``), or None: any."""


@dataclass(frozen=True)
class Field:
    """One field of a state.

    Attributes:
        name: the attribute and ``to_dict`` key.
        shape: one of ``INT``, ``LIST``, ``LISTS``, ``TABLE``, ``TUPLES``, ``DICT``.
        rows: how many lists a ``LISTS`` holds (a ``TABLE``: rows and columns).
        size: how many ints each innermost list holds (a ``LIST``: the list itself).
        shared: a clone shares the value (it never changes during a game); ``to_dict`` still
            copies it.
        read: the game's own reading, ``read(prefix, value) -> field value``, raising
            ``ValueError`` that starts with ``prefix`` (``"<game> state: "``) and names the field.
        write: the game's own ``to_dict`` form of the value (a fresh, JSON-ready object).
    """

    name: str
    shape: str
    rows: Size = None
    size: Size = None
    shared: bool = False
    read: Callable[[str, Any], Any] | None = None
    write: Callable[[Any], Any] | None = None

    def __post_init__(self) -> None:
        if self.shape not in _SHAPES:
            raise ValueError(f"field {self.name}: unknown shape {self.shape!r}")
        if self.shape == DICT and (self.read is None or self.write is None):
            raise ValueError(f"field {self.name}: a DICT field needs its game's read and write")

    def copy_code(self, value: str) -> str:
        """The Python expression a clone copies ``value`` (the code of the value) with."""
        if self.shared or self.shape in (INT,):
            return value
        if self.shape in (LIST, TUPLES):
            return f"{value}[:]"
        if self.shape == LISTS:
            return f"[v[:] for v in {value}]"
        if self.shape == TABLE:
            return f"[[c[:] for c in r] for r in {value}]"
        return f"{value}.copy()"  # DICT

    def dump(self, value: Any) -> Any:
        """``value`` as ``to_dict`` writes it: lists copied, tuples as lists."""
        if self.write is not None:
            return self.write(value)
        shape = self.shape
        if shape == INT:
            return value
        if shape == LIST:
            return list(value)
        if shape in (LISTS, TUPLES):
            return [list(v) for v in value]
        return [[list(c) for c in r] for r in value]  # TABLE


class StateFields:
    """The fields of one game's state, in ``to_dict`` order (see the module's docstring).

    Args:
        game_id: the game's id, which starts every error message.
        fields: the ``Field`` entries, each name once.
    """

    def __init__(self, game_id: str, fields: Iterable[Field]) -> None:
        self.game_id = game_id
        self.fields: tuple[Field, ...] = tuple(fields)
        self.names: tuple[str, ...] = tuple(f.name for f in self.fields)
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"{game_id}: a state field is declared twice")
        self.prefix = f"{game_id} state: "

    def dump(self, state: Any) -> dict[str, Any]:
        """``state.to_dict()``: every field in declaration order, JSON-ready, sharing nothing
        with the state."""
        return {f.name: f.dump(getattr(state, f.name)) for f in self.fields}

    def fill(self, state: Any, values: Mapping[str, Any]) -> None:
        """Set every field of ``state`` from ``values`` (a ``read`` result or a deal); raises
        ``KeyError`` for a field missing from ``values``."""
        for name in self.names:
            setattr(state, name, values[name])

    def read(self, data: object, sizes: Mapping[str, int] | None = None) -> dict[str, Any]:
        """The fields of ``to_dict()``-shaped ``data``, checked for shape and copied.

        ``data`` that is no mapping is refused as what it is (``game.check_state_data``).
        ``sizes`` gives the counts fields name (``{"players": 3}``). Raises ``ValueError``
        starting ``"<game> state: "`` that names the missing fields, or the first field whose
        value is not of its shape (a bool is no int). The rules' checks of what the values
        mean (a card twice, a seat out of range) are the game's.
        """
        check_state_data(self.game_id, data)
        assert isinstance(data, Mapping)
        missing = [name for name in self.names if name not in data]
        if missing:
            raise ValueError(f"{self.prefix}missing field(s) {', '.join(missing)}")
        known = sizes or {}
        out: dict[str, Any] = {}
        for f in self.fields:
            value = data[f.name]
            if f.read is not None:
                out[f.name] = f.read(self.prefix, value)
            else:
                out[f.name] = self._read(f, value, _count(f.rows, known), _count(f.size, known))
        return out

    def _read(self, f: Field, value: Any, rows: int | None, size: int | None) -> Any:
        where = f"{self.prefix}{f.name}"
        if f.shape == INT:
            if not is_int(value):
                raise ValueError(f"{where} must be an integer")
            return value
        if f.shape == LIST:
            return _ints(where, value, size, "must be a list of")
        if f.shape == TABLE:
            if not isinstance(value, list) or len(value) != rows:
                raise ValueError(f"{where} must be a {rows} x {rows} table of integer lists")
            for row in value:
                if not isinstance(row, list) or len(row) != rows:
                    raise ValueError(f"{where} must be a {rows} x {rows} table of integer lists")
            return [[_ints(where, c, size, "must hold lists of") for c in r] for r in value]
        if not isinstance(value, list) or (rows is not None and len(value) != rows):
            count = "" if rows is None else f"{rows} "
            raise ValueError(f"{where} must be a list of {count}lists")
        groups = [_ints(where, v, size, "must hold lists of") for v in value]
        if f.shape == TUPLES:
            return [tuple(g) for g in groups]
        return groups  # LISTS

    def clone_method(self) -> Callable[[_S], _S]:
        """A ``clone`` for a state class with ``__slots__`` ``("game", *names)``: generated
        code, one statement per field (``Field.copy_code``), as fast as a hand-written one."""
        lines = [
            "def clone(self):",
            "    new = _new(self.__class__)",
            "    new.game = self.game",
            *(f"    new.{f.name} = {f.copy_code('self.' + f.name)}" for f in self.fields),
            "    return new",
        ]
        namespace: dict[str, Any] = {"_new": object.__new__}
        exec("\n".join(lines), namespace)  # noqa: S102  # our own code, from the declaration
        clone: Callable[[_S], _S] = namespace["clone"]
        clone.__doc__ = f"An independent copy of this {self.game_id} state (generated)."
        return clone

    def check_clone(self, state: Any) -> list[str]:
        """What is wrong with ``state.clone()`` as the declaration says a clone must be: each
        field equal, and no list the state may change shared (``shared`` fields excepted).
        Empty when the clone is right; for the tests of a hand-written clone."""
        copy = state.clone()
        problems = []
        for f in self.fields:
            mine, theirs = getattr(state, f.name), getattr(copy, f.name)
            if mine != theirs:
                problems.append(f"{f.name} differs")
            elif not f.shared and f.shape != INT and _shares(f.shape, mine, theirs):
                problems.append(f"{f.name} shares a list with the original")
        return problems


def _count(size: Size, known: Mapping[str, int]) -> int | None:
    return known[size] if isinstance(size, str) else size


def _ints(where: str, value: Any, size: int | None, what: str) -> list[int]:
    if not isinstance(value, list) or not all(is_int(c) for c in value):
        raise ValueError(f"{where} {what} integers")
    if size is not None and len(value) != size:
        raise ValueError(f"{where} {what} {size} integers")
    return list(value)


def _shares(shape: str, a: Any, b: Any) -> bool:
    if a is b:
        return True
    if shape == LISTS:
        return any(x is y for x, y in zip(a, b, strict=True))
    if shape == TABLE:
        return any(x is y or _shares(LISTS, x, y) for x, y in zip(a, b, strict=True))
    return False


def restore(cls: Callable[[Any], _S], game: Any, values: Mapping[str, Any]) -> _S:
    """The state ``pickle`` rebuilds: ``cls(game)`` with ``values`` set by name (the
    ``__reduce__`` of a compiled state, which has no default pickling, returns
    ``(restore, (cls, game, values))``)."""
    state = cls(game)
    for name, value in values.items():
        setattr(state, name, value)
    return state
