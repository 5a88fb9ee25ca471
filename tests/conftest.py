import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=int(os.environ.get("PARLOUR_EXAMPLES", "12")), deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")
