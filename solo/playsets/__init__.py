"""Playsets: the night's setting and rule overrides, as data. "Playset instructions supercede
core rule instructions." Two are built in; users add their own TOML files."""

from .model import Playset, PlaysetError, RuleOverrides
from .loader import builtin_names, list_playsets, load_playset, parse_overrides, read_playset, user_dir

__all__ = ["Playset", "PlaysetError", "RuleOverrides", "builtin_names", "list_playsets", "load_playset",
           "parse_overrides", "read_playset", "user_dir"]
