"""Playsets: the night's setting and rule overrides, as data. "Playset instructions supercede
core rule instructions." Two are built in, besides the default camp (the night without a
playset, named ``camp``); users add their own TOML files."""

from .model import Playset, PlaysetError, RuleOverrides
from .loader import (DEFAULT_NAME, DEFAULT_TITLE, builtin_names, is_default, knob_name, list_playsets,
                     load_playset, parse_overrides, read_playset, user_dir)

__all__ = ["DEFAULT_NAME", "DEFAULT_TITLE", "Playset", "PlaysetError", "RuleOverrides", "builtin_names",
           "is_default", "knob_name", "list_playsets", "load_playset", "parse_overrides", "read_playset", "user_dir"]
