"""Ray actors that host matches: whole built-in matches, and sessions with remote seats."""
