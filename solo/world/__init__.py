"""What the world of the story allows, one module a question, read alike by the template voice
that composes lines, the continuity checker and the editor that reads a model's prose:

- :mod:`~solo.world.places`: what fits a place (woods, sky overhead, a building around);
- :mod:`~solo.world.group`: what a word for the group needs (how many are alive);
- :mod:`~solo.world.present`: what is still there to be named (not lost, taken, with the dead);
- :mod:`~solo.world.pronouns`: a character's pronouns and the words said of them;
- :mod:`~solo.world.lines`: all of it at once, for a line told of the scene at hand.
"""
