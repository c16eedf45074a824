"""Processes and I/O around the engines: gateway, runner, ladder, tournaments, metrics, CLI."""
