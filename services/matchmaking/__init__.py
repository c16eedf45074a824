"""Matchmaking by rating, as pure functions shared by the gateway and the league."""
