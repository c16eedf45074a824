"""What the outside sees: the observation gate for hidden information
(``observation.py``), the wire codec (``wire.py``) and the SVG board (``board*.py``).
Above the rules; read by ``ai``."""
