"""Local evaluations: schedule built-in bots over many seeded matches and tally them."""
