"""Running the storage, core and Discord tests on both backends.

A test (or module, through ``pytestmark = pytest.mark.usefixtures("backend")``)
that uses the ``backend`` fixture runs twice: on SQLite and on PostgreSQL
(``@pytest.mark.sqlite_only`` keeps a test about SQLite itself to one run,
``postgresql_only`` one about several processes sharing PostgreSQL).
``db_for(path)`` gives the database the test should use for what would be the
SQLite file ``path``: that path, or a fresh PostgreSQL database on the
session's server, the same one each time it is asked for the same path.

PostgreSQL missing: the PostgreSQL runs skip on a developer's machine, and fail
under CI (``CI`` set), where they must never skip.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import pgserver

BACKENDS = ("sqlite", "postgresql")


class _Current:
    backend = "sqlite"
    server: pgserver.PgServer | None = None
    urls: dict[str, str] = {}


def db_for(path: Path | str) -> str:
    if _Current.backend == "sqlite":
        return str(path)
    key = str(path)
    if key not in _Current.urls:
        assert _Current.server is not None
        _Current.urls[key] = _Current.server.create_database()
    return _Current.urls[key]


def current_backend() -> str:
    return _Current.backend


def parametrize_backends(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        names = list(BACKENDS)
        if metafunc.definition.get_closest_marker("sqlite_only"):
            names = ["sqlite"]
        if metafunc.definition.get_closest_marker("postgresql_only"):
            names = ["postgresql"]
        metafunc.parametrize("backend", names, indirect=True)


def _started() -> pgserver.PgServer:
    try:
        return pgserver.start()
    except RuntimeError as e:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL tests must run in CI: {e}")
        pytest.skip(str(e))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[pgserver.PgServer]:
    """One PostgreSQL server for the whole run, started on first use."""
    server = _started()
    yield server
    server.stop()


@pytest.fixture
def own_pg_server() -> Iterator[pgserver.PgServer]:
    """A PostgreSQL server for this test alone: the fault tests stop and start it
    (``pause``/``resume``) without touching the run's shared server."""
    server = _started()
    yield server
    server.stop()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    name = getattr(request, "param", "sqlite")
    _Current.backend = name
    _Current.urls = {}
    _Current.server = request.getfixturevalue("pg_server") if name == "postgresql" else None
    try:
        yield name
    finally:
        server, urls = _Current.server, list(_Current.urls.values())
        _Current.backend, _Current.server, _Current.urls = "sqlite", None, {}
        for url in urls:  # each test's databases go with it: the server stays small
            server.drop_database(url)
