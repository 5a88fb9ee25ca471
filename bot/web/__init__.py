"""The web transport: a websocket table inside ``parlour run`` (docs/ACTIVITY.md).

Off unless ``PARLOUR_WEB=HOST:PORT`` is set.  It renders the seat of ``bot/seat.py``
(``Place.scene`` / ``Place.act``) as JSON frames (``protocol``), keeps each table's recent
updates so a client that reconnects gets what it missed (``sync``), and admits a
connection by a single-use session ticket (``tickets``).  Nothing here imports discord.
"""
