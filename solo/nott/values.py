"""Immutable value classes for the rules core's events, made at import for almost nothing.

A :class:`Value` subclass lists its fields as annotations (a default as a class attribute,
as in a dataclass) and is what a frozen dataclass is: built from its fields by position or
name, equal to one of its own class with equal fields, hashed and shown (``Name(f=…)``) by
them, never changed after it is made (:class:`dataclasses.FrozenInstanceError`); its
``__post_init__``, if it has one, checks it when it is made. A
dataclass writes six methods per class when the module is imported; here a class's
``__init__`` is written the first time one of its kind is made, and the rest are shared.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError


class Value:
    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: dict = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        names = tuple(cls.__dict__.get("__annotations__", ()))
        cls._fields = cls.__match_args__ = names
        cls._defaults = {n: cls.__dict__[n] for n in names if n in cls.__dict__}

    def __init__(self, *args, **kwargs) -> None:
        cls = type(self)
        if "__init__" not in cls.__dict__:  # the first of its kind: its own __init__, written once
            cls.__init__ = _init_for(cls)
        cls.__init__(self, *args, **kwargs)

    def _values(self) -> tuple:
        return tuple([getattr(self, n) for n in self._fields])

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self._fields)})"

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")


def _init_for(cls: type) -> object:
    """``__init__(self, f1, f2=default, …)`` for ``cls``, setting each field."""
    params = ", ".join(f"{n}=__default_{n}" if n in cls._defaults else n for n in cls._fields)
    body = "".join(f"\n    __set(self, {n!r}, {n})" for n in cls._fields) or "\n    pass"
    if hasattr(cls, "__post_init__"):
        body += "\n    self.__post_init__()"
    namespace = {"__set": object.__setattr__, **{f"__default_{n}": v for n, v in cls._defaults.items()}}
    exec(f"def __init__(self{', ' if params else ''}{params}):{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init
