"""Value classes made at import for almost nothing: what a dataclass is, without its cost.

A subclass lists its fields as annotations (``ClassVar`` ones are not fields), a default as a
class attribute or ``dataclasses.field(default=…)`` / ``field(default_factory=…)`` (a fresh
object per instance), as in a dataclass; a subclass of one adds its fields after its parent's.

- :class:`Value` is a frozen dataclass: built from its fields by position or name, equal to
  one of its own class with equal fields, hashed and shown (``Name(f=…)``) by them, never
  changed after it is made (:class:`dataclasses.FrozenInstanceError`).
- :class:`Record` is a plain (mutable) dataclass: the same, but its fields may be set, and it
  is unhashable (``__hash__`` is ``None``), as a mutable dataclass with ``eq`` is.

Either runs its ``__post_init__``, if it has one, when it is made; ``__match_args__`` lists
the fields; both pickle and copy. :func:`replace` is :func:`dataclasses.replace` for them.
A dataclass writes five or six methods per class when its module is imported; here the first
of a kind are made by a shared ``__init__``, a class's own is written once many of its kind
are made (:data:`WRITE_AFTER`: most kinds are made a few times a night), and the rest are shared.
Not supported: ``__slots__``, ``order``, and ``field()`` options other than the defaults.
"""

from __future__ import annotations

import sys
from dataclasses import MISSING, Field, FrozenInstanceError

__all__ = ["Record", "Value", "replace"]


class _Fields:
    """What :class:`Value` and :class:`Record` share: fields, ``__init__``, ``==`` and ``repr``."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: dict = {}
    _factories: dict = {}
    _frozen = True

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        fields = list(cls._fields)
        defaults, factories = dict(cls._defaults), dict(cls._factories)
        own = cls.__dict__
        for n, kind in own.get("__annotations__", {}).items():
            if _class_var(kind):
                continue
            if n not in fields:
                fields.append(n)
            defaults.pop(n, None), factories.pop(n, None)  # declared again: its own default or none
            if n in own:
                default = own[n]
                if isinstance(default, Field):
                    default = _field_default(cls, n, default, factories)
                if default is not MISSING:
                    defaults[n] = default
        later = False
        for n in fields:
            if n in defaults or n in factories:
                later = True
            elif later:
                raise TypeError(f"{cls.__qualname__}: non-default field {n!r} follows a field with a default")
        cls._fields = cls.__match_args__ = tuple(fields)
        cls._defaults, cls._factories = defaults, factories
        if "__init__" not in own:
            cls.__init__ = _first_init(cls)

    def _values(self) -> tuple:
        return tuple([getattr(self, n) for n in self._fields])

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self._fields)})"


def _class_var(kind: object) -> bool:
    if isinstance(kind, str):  # postponed annotations
        return kind.startswith(("ClassVar", "typing.ClassVar"))
    typing = sys.modules.get("typing")  # not imported: no ClassVar either
    return typing is not None and (kind is typing.ClassVar or getattr(kind, "__origin__", None) is typing.ClassVar)


#: How many of a kind are made by binding their fields one by one before the class's own
#: ``__init__`` is written (writing one costs about as much as making forty that way).
WRITE_AFTER = 32


def _first_init(cls: type) -> object:
    """``cls``'s ``__init__`` for the first :data:`WRITE_AFTER` of its kind: the arguments bound
    to the fields as the written one binds them; then (or at once, for arguments it would
    refuse, so that Python's own TypeError says why) it writes the real one and hands over."""
    made = 0

    def __init__(self, *args, **kwargs) -> None:
        nonlocal made
        made += 1
        values = _bound(cls, args, kwargs) if made <= WRITE_AFTER else None
        if values is None:
            init = cls.__init__ = _init_for(cls)
            init(self, *args, **kwargs)
            return
        put = object.__setattr__ if cls._frozen else setattr
        for n, v in values.items():
            put(self, n, v)
        if hasattr(cls, "__post_init__"):
            self.__post_init__()
    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _bound(cls: type, args: tuple, kwargs: dict) -> dict | None:
    """The fields' values, in order, for these arguments, or None where the written
    ``__init__`` would raise (too many, unknown or repeated, or a field left without one)."""
    fields = cls._fields
    if len(args) > len(fields):
        return None
    given = dict(zip(fields, args))
    for n, v in kwargs.items():
        if n in given or n not in fields:
            return None
        given[n] = v
    values = {}
    for n in fields:  # in order, as the written one sets them (a factory called for each)
        if n in given:
            values[n] = given[n]
        elif n in cls._defaults:
            values[n] = cls._defaults[n]
        elif n in cls._factories:
            values[n] = cls._factories[n]()
        else:
            return None
    return values


def _field_default(cls: type, name: str, spec: Field, factories: dict) -> object:
    """The plain default of ``name = field(…)``, or MISSING (a factory goes in ``factories``)."""
    if not (spec.init and spec.repr and spec.compare and spec.hash is None and spec.kw_only is MISSING
            and not spec.metadata):
        raise TypeError(f"{cls.__qualname__}.{name}: only field(default=…) or field(default_factory=…)")
    if spec.default_factory is not MISSING:
        factories[name] = spec.default_factory
        delattr(cls, name)  # as a dataclass does: no class attribute for a factory
    elif spec.default is not MISSING:
        setattr(cls, name, spec.default)
    else:
        delattr(cls, name)
    return spec.default


class Value(_Fields):
    """A frozen value: see the module's docstring."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")


class Record(_Fields):
    """A mutable record: see the module's docstring."""

    __slots__ = ()
    _frozen = False
    __hash__ = None  # type: ignore[assignment]


_NO_ARGUMENT = object()  # stands for a factory's default in a written __init__


def _init_for(cls: type) -> object:
    """``__init__(self, f1, f2=default, …)`` for ``cls``, setting each field."""
    params, body = [], []
    for n in cls._fields:
        value = n
        if n in cls._factories:
            params.append(f"{n}=__none")
            value = f"__factory_{n}() if {n} is __none else {n}"
        else:
            params.append(f"{n}=__default_{n}" if n in cls._defaults else n)
        body.append(f"__set(self, {n!r}, {value})" if cls._frozen else f"self.{n} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    namespace = {"__set": object.__setattr__, "__none": _NO_ARGUMENT,
                 **{f"__default_{n}": v for n, v in cls._defaults.items()},
                 **{f"__factory_{n}": f for n, f in cls._factories.items()}}
    exec(f"def __init__({', '.join(['self', *params])}):\n" + "".join(f"    {line}\n" for line in body or ["pass"]),
         namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def replace(obj: _Fields, /, **changes) -> _Fields:
    """A new ``obj`` with ``changes`` to its fields, made (and checked) as any other:
    :func:`dataclasses.replace` for a :class:`Value` or a :class:`Record`."""
    if not isinstance(obj, _Fields):
        raise TypeError(f"replace() should be called on a Value or a Record, not {type(obj).__name__}")
    return type(obj)(**{n: getattr(obj, n) for n in obj._fields} | changes)
