"""The cards (spec 2, 16-20): the card file's catalog (``catalog.py``), the effect values
every card is written in (``effects.py``) and the cards written with them: animal
abilities, sponsors, map and board bonuses. Data only: above ``map``, below the rules."""
