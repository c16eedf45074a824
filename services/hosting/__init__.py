"""Served-match hosting: the engine side of a match whose seats are remote bots.

:mod:`~services.hosting.protocol` defines the calls a gateway makes on a match's host
and what they return; :mod:`~services.hosting.match_host` is the host itself (engine,
fill bots, wire encoding); :mod:`~services.hosting.in_loop` runs hosts in the gateway's
event loop, :mod:`~services.hosting.pool` in long-lived worker processes
(:mod:`~services.hosting.worker`) reached over :mod:`~services.hosting.channel`.
"""
