"""A throw-away PostgreSQL server for the tests and the load scripts.

Runs the binaries of Debian's ``postgresql`` package (``initdb``, ``pg_ctl``)
on a data directory under /tmp, listening on a free loopback port only, with
trust authentication for the ``parlour`` superuser.  PostgreSQL refuses to run
as root, so under root the server runs as the package's ``postgres`` user
(created if missing) through ``runuser``.  ``durable=False`` (the tests) turns
fsync off: the tests kill bot processes; the server itself is only ever stopped
cleanly (``pause``/``resume``: the fault tests' database outage).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from itertools import count

RUN_AS = "postgres"


def bindir() -> str | None:
    """Where initdb and pg_ctl live (Debian keeps them out of PATH), or None."""
    found = shutil.which("initdb")
    if found:
        return os.path.dirname(os.path.realpath(found))
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return os.path.dirname(versions[-1]) if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_server_user(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    try:
        pwd.getpwnam(RUN_AS)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", RUN_AS], check=True)
    return ["runuser", "-u", RUN_AS, "--", *cmd]


@dataclass
class PgServer:
    bindir: str
    datadir: str
    port: int
    user: str = "parlour"
    options: str = ""   # the server's -o options, to start it again the same way
    password: str | None = None
    _names: count = field(default_factory=lambda: count(1))

    def url(self, database: str = "postgres") -> str:
        login = self.user if self.password is None else f"{self.user}:{self.password}"
        return f"postgresql://{login}@127.0.0.1:{self.port}/{database}"

    def create_database(self, prefix: str = "t") -> str:
        """A new empty database; its URL."""
        name = f"{prefix}{os.getpid()}_{next(self._names)}"
        subprocess.run([os.path.join(self.bindir, "createdb"), "-h", "127.0.0.1", "-p",
                        str(self.port), "-U", self.user, name], check=True,
                       capture_output=True, text=True, env=self._env())
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Remove a database made by ``create_database`` (closing what still uses it)."""
        subprocess.run([os.path.join(self.bindir, "dropdb"), "-h", "127.0.0.1", "-p",
                        str(self.port), "-U", self.user, "--force", "--if-exists",
                        url.rsplit("/", 1)[1]], check=True, capture_output=True, text=True,
                       env=self._env())

    def _env(self) -> dict[str, str]:
        return {**os.environ, **({"PGPASSWORD": self.password} if self.password else {})}

    def pause(self) -> None:
        """Stop the server (fast shutdown: clients are disconnected), keeping its data:
        a database outage until ``resume``."""
        subprocess.run(_as_server_user([os.path.join(self.bindir, "pg_ctl"), "stop", "-D",
                                        self.datadir, "-m", "fast", "-w", "-t", "60"]),
                       check=True, capture_output=True, text=True)

    def resume(self) -> None:
        """Start the paused server again on the same port, with the same data."""
        _pg_ctl_start(self)

    def stop(self) -> None:
        subprocess.run(_as_server_user([os.path.join(self.bindir, "pg_ctl"), "stop", "-D",
                                        self.datadir, "-m", "immediate", "-w"]),
                       capture_output=True)
        shutil.rmtree(os.path.dirname(self.datadir), ignore_errors=True)


def start(*, durable: bool = False, max_connections: int = 200,
          password: str | None = None) -> PgServer:
    """Initialise and start a server; raise RuntimeError if PostgreSQL is not installed.

    With ``password`` the ``parlour`` user has that password and TCP logins must give it
    (scram-sha-256); the Unix socket stays trusted, for the tools here (``url`` then
    carries the password)."""
    where = bindir()
    if where is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql).")
    top = tempfile.mkdtemp(prefix="parlour-pg-")
    datadir = os.path.join(top, "data")
    if os.geteuid() == 0:
        _as_server_user(["true"])  # creates the user if needed
        shutil.chown(top, RUN_AS)
    subprocess.run(_as_server_user([os.path.join(where, "initdb"), "-D", datadir, "-U",
                                    "parlour", "--auth=trust", "-E", "UTF8",
                                    "--locale=C"]),
                   check=True, capture_output=True, text=True)
    if password is not None:
        with open(os.path.join(datadir, "pg_hba.conf"), "w") as hba:
            hba.write("local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n")
    port = _free_port()
    opts = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={top} "
            f"-c max_connections={max_connections} -c shared_buffers=64MB")
    if not durable:
        opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    server = PgServer(where, datadir, port, options=opts, password=password)
    try:
        _pg_ctl_start(server)
        if password is not None:
            subprocess.run(_as_server_user([
                os.path.join(where, "psql"), "-h", top, "-p", str(port), "-U", "parlour",
                "-d", "postgres", "-q", "-c", f"ALTER USER parlour PASSWORD '{password}'"]),
                check=True, capture_output=True, text=True)
    except (RuntimeError, subprocess.CalledProcessError):
        server.stop()
        raise
    return server


def _pg_ctl_start(server: PgServer) -> None:
    top = os.path.dirname(server.datadir)
    try:
        subprocess.run(_as_server_user([os.path.join(server.bindir, "pg_ctl"), "start", "-D",
                                        server.datadir, "-w", "-t", "60", "-l",
                                        os.path.join(top, "log"), "-o", server.options]),
                       check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as e:
        log = open(os.path.join(top, "log")).read() if os.path.exists(
            os.path.join(top, "log")) else ""
        raise RuntimeError(f"PostgreSQL did not start: {e.stderr}\n{log}") from None
