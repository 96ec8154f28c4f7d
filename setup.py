"""Build step for the simulator's optional fast engine (everything else is in pyproject.toml).

``solo.sim._fastnight`` is a C extension marked optional: where it cannot be compiled (no C
compiler, another platform) the install still succeeds and ``solo sim`` plays with the core
rules engine instead, saying so in one line.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("solo.sim._fastnight", ["solo/sim/_fastnight.c"], optional=True)])
