import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=int(os.environ.get("PARLOUR_EXAMPLES", "12")), deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")

# Accuracy and luck (bot/core/skills.py) cost seconds of CPU a game: off for every command
# the tests run ('parlour play', 'review', 'run'), unless a test asks for a budget.
os.environ["PARLOUR_SKILL_BUDGET"] = "0"
# Puzzles (bot/core/puzzles.py) likewise: none mined unless a test asks for a budget.
os.environ["PARLOUR_PUZZLE_BUDGET"] = "0"

# The loopback fake Discord (tests/fakediscord) as a fixture for every test module.
# Storage on both backends: the ``backend`` fixture runs a test on SQLite and PostgreSQL.
from tests.backends import (  # noqa: E402, F401
    backend,
    own_pg_server,
    parametrize_backends,
    pg_server,
)
from tests.fakediscord.fixtures import fake_discord  # noqa: E402, F401


def pytest_generate_tests(metafunc) -> None:
    parametrize_backends(metafunc)
