"""One presenter module per game; importing this package registers them all."""

from . import coins, pinkerton, piquet, starshina, thirteens  # noqa: F401
