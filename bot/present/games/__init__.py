"""One presenter module per game; importing this package registers them all."""

from . import coins, starshina, thirteens  # noqa: F401
