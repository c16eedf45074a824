"""The reusable toolkit a game is built with, on top of the interface in ``engine.core``.

- :mod:`~engine.toolkit.flow`: the step-stack turn driver;
- :mod:`~engine.toolkit.mcts`: the generic information-set MCTS bot;
- :mod:`~engine.toolkit.bots`: a game's built-in bots by spec (``random``, ``mcts``, its own);
- :mod:`~engine.toolkit.botspec`: parsing ``name:key=value`` bot specs;
- :mod:`~engine.toolkit.svg`: the SVG builder board views draw with;
- :mod:`~engine.toolkit.wire` and :mod:`~engine.toolkit.wire_bytes`: wire codec helpers;
- :mod:`~engine.toolkit.checks`: config checks every game words the same way.

Layering: a toolkit module imports ``engine.core`` and other toolkit modules, never a
game or a service. Import the module you need; this package re-exports nothing, so
loading the flow driver does not load search or SVG code.
"""
