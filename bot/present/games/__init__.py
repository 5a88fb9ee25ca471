"""One presenter module per game; importing this package registers them all."""

from . import pinkerton, piquet  # noqa: F401
