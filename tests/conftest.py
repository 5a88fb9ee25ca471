import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=int(os.environ.get("PARLOUR_EXAMPLES", "12")), deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")

# The loopback fake Discord (tests/fakediscord) as a fixture for every test module.
from tests.fakediscord.fixtures import fake_discord  # noqa: E402, F401
