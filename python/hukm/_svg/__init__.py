"""The pieces behind :mod:`hukm.svg` (private; use :mod:`hukm.svg`).

* :mod:`.xml` — SVG text: escaping, numbers, elements, the document.
* :mod:`.packs` — a pack as the engine lays it out (``State.layout``) plus the display
  table of each suit's colour and emblem; compact hands to card strings.
* :mod:`.faces` — card faces (French rectangles, round Ganjifa cards), backs, emblems.
* :mod:`.scene` — what a table shows, read from a state and its observations.
* :mod:`.geometry` — where seats, hands, the trick and the panels go.
* :mod:`.paint` — a scene drawn as SVG text.
* :mod:`.lines` — a best line as trick pictures.
"""
