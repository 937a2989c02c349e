#!/usr/bin/env python3
"""Spin up a throw-away PostgreSQL container, apply migrations, tear it down.

Used in CI to prove that the migrations in ./migrations apply cleanly on the
same major version as production. The container runs privileged so that the
entrypoint can raise kernel.shmmax / huge page settings like production.
"""
import argparse
import logging
import os
import secrets
import sys
import time
from pathlib import Path

import docker
import psycopg2
from docker.errors import APIError, ImageNotFound

log = logging.getLogger("pgtest")
DOCKER_SOCKET = "unix:///var/run/docker.sock"


class EphemeralPostgres:
    def __init__(self, image: str, port: int):
        self.client = docker.DockerClient(base_url=DOCKER_SOCKET, timeout=120)
        self.image = image
        self.port = port
        self.password = secrets.token_urlsafe(16)
        self.container = None

    def __enter__(self):
        try:
            self.client.images.get(self.image)
        except ImageNotFound:
            log.info("pulling %s", self.image)
            self.client.images.pull(self.image)
        self.container = self.client.containers.run(
            self.image,
            name=f"pgtest-{os.getpid()}",
            detach=True,
            privileged=True,
            environment={"POSTGRES_PASSWORD": self.password, "POSTGRES_DB": "migrations"},
            ports={"5432/tcp": ("127.0.0.1", self.port)},
            command=["postgres", "-c", "shared_buffers=256MB", "-c", "huge_pages=try",
                     "-c", "fsync=off"],
            shm_size="1g",
            labels={"purpose": "migration-test"},
        )
        self._wait_ready()
        return self

    def _wait_ready(self, timeout: float = 60.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            code, _ = self.container.exec_run(["pg_isready", "-U", "postgres"])
            if code == 0:
                log.info("container %s ready", self.container.short_id)
                return
            time.sleep(1)
        raise TimeoutError("postgres container did not become ready")

    def dsn(self) -> str:
        return (f"host=127.0.0.1 port={self.port} dbname=migrations "
                f"user=postgres password={self.password}")

    def __exit__(self, *exc):
        if self.container is not None:
            logs = self.container.logs(tail=30).decode(errors="replace")
            if exc[0] is not None:
                log.error("container log tail:\n%s", logs)
            self.container.remove(force=True, v=True)
            log.info("container removed")
        self.client.close()
        return False


def apply_migrations(dsn: str, folder: Path) -> int:
    files = sorted(folder.glob("*.sql"))
    with psycopg2.connect(dsn) as conn:
        with conn.cursor() as cur:
            for f in files:
                log.info("applying %s", f.name)
                cur.execute(f.read_text(encoding="utf-8"))
    return len(files)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="postgres:16.3")
    ap.add_argument("--port", type=int, default=55432)
    ap.add_argument("--migrations", type=Path, default=Path("migrations"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.migrations.is_dir():
        log.error("no migrations directory at %s", args.migrations)
        return 2
    try:
        with EphemeralPostgres(args.image, args.port) as pg:
            n = apply_migrations(pg.dsn(), args.migrations)
    except (APIError, TimeoutError) as exc:
        log.error("container problem: %s", exc)
        return 1
    except psycopg2.Error as exc:
        log.error("migration failed: %s", exc)
        return 3
    log.info("%d migrations applied cleanly", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
