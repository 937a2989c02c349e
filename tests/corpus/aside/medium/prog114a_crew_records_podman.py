#!/usr/bin/env python3
"""Bring up the crew training records database for the station.

The training records app expects a PostgreSQL 16 instance on
localhost:5433 with its data kept in ./pgdata next to this script.  This
helper uses rootless podman as the logged-in station user: it pulls the
image if needed, creates the container, starts it and waits until the
database answers.

    crew_records_podman.py up
    crew_records_podman.py status
    crew_records_podman.py down
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("crew_db")

IMAGE = "docker.io/library/postgres:16-alpine"
NAME = "crew-training-db"


class Podman:
    def __init__(self, binary=None):
        self.binary = binary or shutil.which("podman")
        if not self.binary:
            raise RuntimeError("podman not found on PATH")

    def call(self, *args, check=True):
        cmd = [self.binary, *args]
        LOG.debug("running %s", " ".join(cmd))
        res = subprocess.run(cmd, capture_output=True, text=True)
        if check and res.returncode != 0:
            raise RuntimeError("{} failed: {}".format(args[0], res.stderr.strip()[:200]))
        return res

    def inspect(self, name):
        res = self.call("container", "inspect", name, check=False)
        if res.returncode != 0:
            return None
        data = json.loads(res.stdout or "[]")
        return data[0] if data else None


def pull(podman):
    LOG.info("pulling %s", IMAGE)
    podman.call("pull", "--quiet", IMAGE)


def create(podman, data_dir, password):
    podman.call(
        "create", "--name", NAME,
        "-e", "POSTGRES_DB=crew_training",
        "-e", "POSTGRES_USER=training",
        "-e", "POSTGRES_PASSWORD=" + password,
        "-v", "{}:/var/lib/postgresql/data:Z".format(data_dir),
        "-p", "127.0.0.1:5433:5432",
        "--health-cmd", "pg_isready -U training",
        "--health-interval", "5s", "--health-retries", "12",
        "--label", "org.lifeboat.station=" + os.environ.get("STATION", "ST-042"),
        IMAGE,
    )
    LOG.info("created %s", NAME)


def wait_healthy(podman, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if podman.call("healthcheck", "run", NAME, check=False).returncode == 0:
            return True
        time.sleep(3)
    return False


def cmd_up(podman, args):
    password = os.environ.get("CREW_DB_PASSWORD")
    if not password:
        LOG.error("set CREW_DB_PASSWORD first")
        return 2
    data_dir = Path(args.data).resolve()
    data_dir.mkdir(exist_ok=True)
    if podman.inspect(NAME) is None:
        try:
            pull(podman)
        except RuntimeError as exc:
            LOG.warning("pull failed (%s), trying local image", exc)
        create(podman, str(data_dir), password)
    podman.call("start", NAME)
    if wait_healthy(podman):
        LOG.info("crew training database ready on 127.0.0.1:5433")
        return 0
    LOG.error("database did not become healthy")
    return 1


def cmd_status(podman, _args):
    info = podman.inspect(NAME)
    if info is None:
        print("{}: not created".format(NAME))
        return 1
    state = info.get("State", {})
    health = state.get("Health", state.get("Healthcheck", {})) or {}
    print("{}: {} (health: {})".format(NAME, state.get("Status"), health.get("Status", "n/a")))
    return 0


def cmd_down(podman, _args):
    if podman.inspect(NAME) is None:
        return 0
    podman.call("stop", "-t", "20", NAME)
    LOG.info("stopped %s (data kept)", NAME)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Crew training records database (rootless podman)")
    ap.add_argument("action", choices=["up", "status", "down"])
    ap.add_argument("--data", default="pgdata")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        podman = Podman()
        return {"up": cmd_up, "status": cmd_status, "down": cmd_down}[args.action](podman, args)
    except (OSError, RuntimeError) as exc:
        LOG.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
