"""Hosting matches: Ray actors for whole built-in matches, host workers for served ones."""
