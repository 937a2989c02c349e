#!/usr/bin/env python3
"""Take a snapshot of the ticketing database before each on-sale.

The box office runs its ticketing stack in Docker on the back-office server.
This talks to the Docker engine over its socket to find the database
container and streams a pg_dump out of it into ./snapshots.
"""
import argparse
import datetime as dt
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("ticket-db-snapshot")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")

DUMP_SCRIPT = """#!/bin/bash
set -euo pipefail
docker -H "unix://$DOCKER_SOCK" exec "$DB_CONTAINER" \\
    pg_dump -U "$DB_USER" --format=custom "$DB_NAME" > "$DUMP_OUT"
"""


class DockerEngine:
    def __init__(self, sock):
        self.sock = sock

    def api_get(self, path):
        cmd = f'curl -fsS --unix-socket "{self.sock}" "http://localhost{path}"'
        res = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"docker API {path} failed: {res.stderr.strip()}")
        return json.loads(res.stdout)

    def find_container(self, label):
        flt = json.dumps({"label": [label], "status": ["running"]})
        containers = self.api_get(f"/containers/json?filters={flt}")
        if not containers:
            raise RuntimeError(f"no running container with label {label}")
        name = containers[0]["Names"][0].lstrip("/")
        LOG.info("database container: %s (%s)", name, containers[0]["Image"])
        return name


class Snapshotter:
    def __init__(self, engine, out_dir, db_name, db_user):
        self.engine = engine
        self.out_dir = Path(out_dir)
        self.db_name = db_name
        self.db_user = db_user

    def run(self, container):
        self.out_dir.mkdir(parents=True, exist_ok=True)
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        out = self.out_dir / f"{self.db_name}-{stamp}.dump"
        fd, script = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(DUMP_SCRIPT)
        env = dict(os.environ, DOCKER_SOCK=self.engine.sock, DB_CONTAINER=container,
                   DB_USER=self.db_user, DB_NAME=self.db_name, DUMP_OUT=str(out))
        try:
            res = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
        finally:
            os.unlink(script)
        if res.returncode != 0:
            out.unlink(missing_ok=True)
            raise RuntimeError(f"pg_dump failed: {res.stderr.strip()}")
        LOG.info("snapshot written: %s (%d bytes)", out, out.stat().st_size)
        return out

    def prune(self, keep):
        dumps = sorted(self.out_dir.glob(f"{self.db_name}-*.dump"))
        for old in dumps[:-keep] if keep else []:
            old.unlink()
            LOG.info("pruned %s", old.name)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Snapshot the ticketing database via Docker")
    p.add_argument("--label", default="com.example.boxoffice.role=db")
    p.add_argument("--db", default="tickets")
    p.add_argument("--user", default="boxoffice")
    p.add_argument("--out", default="./snapshots")
    p.add_argument("--keep", type=int, default=10)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    engine = DockerEngine(DOCKER_SOCK)
    snap = Snapshotter(engine, args.out, args.db, args.user)
    try:
        container = engine.find_container(args.label)
        snap.run(container)
        snap.prune(args.keep)
    except (RuntimeError, ValueError, OSError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
