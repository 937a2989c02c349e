#!/usr/bin/env python3
"""Nightly backup of the cycling league results database.

The league results site runs in docker compose on the club server
(containers: league-web, league-db). This script asks the Docker engine to
run pg_dump inside the database container and streams the dump into
./backups as a gzip file, keeping the last N dumps.

It talks to the engine API directly so it works on the server without the
docker CLI or the docker Python SDK installed.
"""

import argparse
import datetime as dt
import gzip
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path

log = logging.getLogger("league_backup")

API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a UNIX domain socket."""

    def __init__(self, socket_path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def _request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, f"/{API_VERSION}{path}",
                     body=json.dumps(body) if body is not None else None, headers=headers)
        return conn, conn.getresponse()

    def call(self, method, path, body=None):
        conn, resp = self._request(method, path, body)
        try:
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def find_container(self, name):
        filters = json.dumps({"name": [name], "status": ["running"]})
        items = self.call("GET", f"/containers/json?filters={filters}")
        for c in items:
            if f"/{name}" in c.get("Names", []):
                return c["Id"]
        raise LookupError(f"no running container named {name}")

    def exec_stream(self, container_id, cmd, env=None):
        created = self.call("POST", f"/containers/{container_id}/exec", {
            "Cmd": cmd, "Env": env or [], "AttachStdout": True, "AttachStderr": False,
            "Tty": True,
        })
        conn, resp = self._request("POST", f"/exec/{created['Id']}/start",
                                   {"Detach": False, "Tty": True})
        if resp.status >= 400:
            raise RuntimeError(f"exec start failed: {resp.status}")
        try:
            while True:
                chunk = resp.read(65536)
                if not chunk:
                    break
                yield chunk
        finally:
            conn.close()
        info = self.call("GET", f"/exec/{created['Id']}/json")
        if info.get("ExitCode"):
            raise RuntimeError(f"{cmd[0]} exited with {info['ExitCode']}")


def prune(backup_dir, keep):
    dumps = sorted(backup_dir.glob("league_*.sql.gz"))
    for old in dumps[:-keep]:
        old.unlink()
        log.info("pruned %s", old.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock"))
    ap.add_argument("--container", default="league-db")
    ap.add_argument("--database", default="league")
    ap.add_argument("--db-user", default="league")
    ap.add_argument("--out", default="backups")
    ap.add_argument("--keep", type=int, default=14)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    backup_dir = Path(args.out)
    backup_dir.mkdir(exist_ok=True)
    target = backup_dir / f"league_{dt.datetime.now():%Y%m%d_%H%M}.sql.gz"
    partial = target.with_suffix(".partial")

    engine = Engine(args.socket)
    try:
        cid = engine.find_container(args.container)
        written = 0
        with gzip.open(partial, "wb", compresslevel=6) as gz:
            for chunk in engine.exec_stream(
                    cid, ["pg_dump", "-U", args.db_user, "--no-owner", args.database]):
                gz.write(chunk)
                written += len(chunk)
    except (OSError, RuntimeError, LookupError) as exc:
        log.error("backup failed: %s", exc)
        partial.unlink(missing_ok=True)
        return 1

    partial.rename(target)
    os.chmod(target, 0o600)
    log.info("wrote %s (%.1f MB uncompressed)", target, written / 1e6)
    prune(backup_dir, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
