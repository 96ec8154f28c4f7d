"""solo — a command-line solo-play engine for card-and-dice tabletop horror."""

__version__ = "0.1.0"
