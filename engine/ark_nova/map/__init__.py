"""The zoo maps (spec 7, 21): the hex grid and its shapes, the map files, the building
types and their legal footprints. The bottom layer: it imports nothing else of the game."""
