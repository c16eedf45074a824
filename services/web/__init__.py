"""The web front end: ladders, bot pages, live matches and replays, read-only.

``arena serve --web-port P`` runs it beside the gateway; ``arena web`` runs it alone
against the Redis the gateways use. See docs/web.md.
"""
