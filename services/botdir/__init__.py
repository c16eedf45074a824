"""Bot directories: a bot in any language, described by the ``arena-bot.toml`` it holds.

A bot directory is any directory with an ``arena-bot.toml``::

    name = "go-random"              # the default entrant name
    build = "./run --build-only"    # optional: run once per machine, in the directory
    run = "./run"                   # started in the directory with the flags below
    ignore = ["bin/", "arena/"]     # optional: build outputs left out of the content hash

:mod:`services.botdir.manifest` reads and checks the file; :mod:`services.botdir.digest`
hashes the directory's files (the key of a cached build). A run is ``run`` split as a
shell would, with ``--server ADDR --token TOKEN --matches 0 --seed S`` appended: the
starter kits' contract (``clients/README.md``), where ``--matches 0`` means "play until the
server ends the stream" and ADDR may be ``unix:/path/to/socket``.
"""

from services.botdir.digest import content_hash
from services.botdir.manifest import (
    MANIFEST,
    BotDir,
    BotDirError,
    find_bot_dir,
    load_bot_dir,
    run_argv,
)

__all__ = ["MANIFEST", "BotDir", "BotDirError", "content_hash", "find_bot_dir",
           "load_bot_dir", "run_argv"]
