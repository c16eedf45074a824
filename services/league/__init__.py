"""The league: rated matches between bots without end, on Ray workers.

``arena league`` reads queues and their entrants (built-in bots, bot directories,
submitted bots; :mod:`~services.league.plan`), pairs waiting entrants with the
gateway's own matchmaking policy (:mod:`services.matchmaking.policy`), plays each match
on a Ray worker (:mod:`~services.league.worker`, which hosts bot directories with
:mod:`services.hosted` and fetches submitted bots with :mod:`services.botstore`), and
sends each result through the gateway's durable result queue into the queue's ladder,
exactly once (:mod:`~services.league.run`). A worker that dies loses only its running
match, which is not rated.
"""
