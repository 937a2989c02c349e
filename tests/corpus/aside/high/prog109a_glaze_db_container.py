#!/usr/bin/env python3
"""Run the glaze recipe database for the studio's glaze lab.

Starts (or reuses) a PostgreSQL container holding the glaze recipe and test
tile database, waits until it accepts connections, and loads schema.sql the
first time.  Data lives in ./pgdata so it survives container rebuilds.

    ./glaze_db_container.py up
    ./glaze_db_container.py status
    ./glaze_db_container.py down
"""
import argparse
import logging
import os
import secrets
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, DockerException, NotFound

log = logging.getLogger("glaze-db")

NAME = "glaze-lab-db"
IMAGE = "postgres:16-alpine"
ENV_FILE = Path(".glazedb.env")


class GlazeDB:
    socket_url = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")

    def __init__(self, data_dir, port):
        self.data_dir = Path(data_dir).resolve()
        self.port = port
        self.client = docker.DockerClient(base_url=self.socket_url, timeout=60)

    def password(self):
        if ENV_FILE.exists():
            for line in ENV_FILE.read_text().splitlines():
                if line.startswith("POSTGRES_PASSWORD="):
                    return line.split("=", 1)[1]
        pw = secrets.token_urlsafe(24)
        ENV_FILE.write_text("POSTGRES_PASSWORD=%s\n" % pw)
        os.chmod(ENV_FILE, 0o600)
        return pw

    def container(self):
        try:
            return self.client.containers.get(NAME)
        except NotFound:
            return None

    def up(self):
        c = self.container()
        if c is not None:
            if c.status != "running":
                log.info("starting existing container %s", NAME)
                c.start()
            return c
        self.data_dir.mkdir(parents=True, exist_ok=True)
        log.info("pulling %s", IMAGE)
        self.client.images.pull(IMAGE)
        c = self.client.containers.run(
            IMAGE,
            name=NAME,
            detach=True,
            environment={"POSTGRES_DB": "glazes", "POSTGRES_USER": "glaze",
                         "POSTGRES_PASSWORD": self.password()},
            ports={"5432/tcp": ("127.0.0.1", self.port)},
            volumes={str(self.data_dir): {"bind": "/var/lib/postgresql/data", "mode": "rw"}},
            restart_policy={"Name": "unless-stopped"},
            labels={"studio": "glaze-lab"},
        )
        log.info("created container %s", c.short_id)
        return c

    def wait_ready(self, c, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            code, _ = c.exec_run("pg_isready -U glaze -d glazes")
            if code == 0:
                return True
            time.sleep(2)
        return False

    def load_schema(self, c, schema):
        code, out = c.exec_run(["psql", "-U", "glaze", "-d", "glazes", "-tAc",
                                "SELECT to_regclass('public.recipes') IS NOT NULL"])
        if out.decode().strip() == "t":
            log.info("schema already present")
            return
        sql = Path(schema).read_text()
        code, out = c.exec_run(["psql", "-v", "ON_ERROR_STOP=1", "-U", "glaze",
                                "-d", "glazes", "-c", sql])
        if code != 0:
            raise RuntimeError("schema load failed: %s" % out.decode(errors="replace")[-400:])
        log.info("loaded %s", schema)

    def down(self):
        c = self.container()
        if c is None:
            log.info("nothing to stop")
            return
        c.stop(timeout=20)
        c.remove()
        log.info("removed %s (data kept in %s)", NAME, self.data_dir)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Glaze lab database container")
    ap.add_argument("action", choices=("up", "down", "status"))
    ap.add_argument("--data-dir", default="pgdata")
    ap.add_argument("--port", type=int, default=5433)
    ap.add_argument("--schema", default="schema.sql")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        db = GlazeDB(args.data_dir, args.port)
        if args.action == "up":
            c = db.up()
            if not db.wait_ready(c):
                log.error("database did not become ready")
                return 1
            if Path(args.schema).exists():
                db.load_schema(c, args.schema)
            log.info("glaze db on postgresql://glaze@127.0.0.1:%d/glazes", args.port)
        elif args.action == "down":
            db.down()
        else:
            c = db.container()
            print("%s: %s" % (NAME, c.status if c else "absent"))
    except (DockerException, APIError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
