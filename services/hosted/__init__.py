"""Bot directories hosted by the arena itself for ``arena tournament``: in any language,
in the sandbox, reached over the same gRPC protocol as the gateway speaks.

Each place that plays matches (the command's own process with ``--workers 0``, or each
Ray worker) holds one :class:`~services.hosted.player.HostedPlayer`: a small gRPC
endpoint on a unix socket (:mod:`~services.hosted.endpoint`, built from the gateway's
session and frame code), the bot processes it started in the sandbox
(:mod:`~services.hosted.bots`, once per worker, not per game), and the match loop that
serves their seats with the server's deadlines, time bank and strikes
(:mod:`~services.hosted.match`). Per game and seat it reports a status
(:data:`~services.hosted.options.STATUSES`). The policy is in docs/bots.md.
"""
