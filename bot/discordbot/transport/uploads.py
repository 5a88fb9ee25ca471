"""A picture as a file to upload, which lets go of its bytes once sent.

An upload's request objects may wait for the garbage collector (discord.py's
interactions and views are cycles), and meanwhile an open buffer keeps its picture's
PNG alive: at 2,000 busy tables the uploads of a minute held tens of megabytes until
the full collection (``long_lived.py``).  So closing an upload closes its buffer.
discord.py closes the files of a message request after it, not those of an
interaction's callback: ``replies.send`` closes those, and an answer that leaves its
picture out (the panel shows it already) closes it unsent.
"""

from __future__ import annotations

import io

import discord

from ...present.art import Picture


class Upload(discord.File):
    def __init__(self, picture: Picture) -> None:
        super().__init__(io.BytesIO(picture.png), filename=picture.filename,
                         description=picture.description)

    def close(self) -> None:
        super().close()   # gives the buffer its own close() back
        self.fp.close()
