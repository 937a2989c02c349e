#!/usr/bin/env python3
"""Nightly snapshot of the cellar stock database.

The stock system runs Postgres in a container on the warehouse server.
Rather than expose Postgres on the network, this talks to the local Docker
engine, runs pg_dump inside the container and streams the custom-format
dump into ./backups, keeping the last N nights.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import struct
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("stock-snapshot")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks to the engine over its unix socket."""

    def __init__(self, socket_path, timeout=600):
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

    def request(self, method, path, body=None):
        conn = EngineConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, f"/{API_VERSION}{path}",
                     body=json.dumps(body) if body is not None else None, headers=headers)
        return conn, conn.getresponse()

    def json(self, method, path, body=None):
        conn, resp = self.request(method, path, body)
        try:
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def find_container(self, name):
        filters = json.dumps({"name": [name], "status": ["running"]})
        found = self.json("GET", f"/containers/json?filters={filters}")
        if not found:
            raise RuntimeError(f"no running container matching {name}")
        return found[0]["Id"]

    def exec_stream(self, container_id, cmd, sink):
        """Run cmd in the container, writing its stdout frames to sink."""
        created = self.json("POST", f"/containers/{container_id}/exec",
                            {"Cmd": cmd, "AttachStdout": True, "AttachStderr": True})
        conn, resp = self.request("POST", f"/exec/{created['Id']}/start",
                                  {"Detach": False, "Tty": False})
        written, errors = 0, []
        try:
            while True:
                header = resp.read(8)
                if len(header) < 8:
                    break
                stream, size = struct.unpack(">BxxxL", header)
                chunk = resp.read(size)
                if stream == 1:
                    sink.write(chunk)
                    written += len(chunk)
                else:
                    errors.append(chunk.decode(errors="replace"))
        finally:
            conn.close()
        info = self.json("GET", f"/exec/{created['Id']}/json")
        return info.get("ExitCode"), written, "".join(errors)


def prune(backup_dir, keep):
    dumps = sorted(backup_dir.glob("stock_*.dump"))
    for old in dumps[:-keep] if keep > 0 else []:
        old.unlink()
        LOG.info("removed old snapshot %s", old.name)


def main():
    parser = argparse.ArgumentParser(description="Snapshot the stock DB container")
    parser.add_argument("--container", default="cellar-stock-db")
    parser.add_argument("--db", default="stock")
    parser.add_argument("--db-user", default="stock")
    parser.add_argument("--outdir", default="./backups")
    parser.add_argument("--keep", type=int, default=14)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    backup_dir = Path(args.outdir)
    backup_dir.mkdir(parents=True, exist_ok=True)
    target = backup_dir / f"stock_{datetime.now():%Y%m%d_%H%M}.dump"
    engine = Engine(ENGINE_SOCKET)
    try:
        cid = engine.find_container(args.container)
        with open(target, "wb") as sink:
            code, size, err = engine.exec_stream(
                cid, ["pg_dump", "-U", args.db_user, "-Fc", args.db], sink)
    except (OSError, RuntimeError) as exc:
        LOG.error("snapshot failed: %s", exc)
        target.unlink(missing_ok=True)
        return 1
    if code != 0:
        LOG.error("pg_dump exited %s: %s", code, err.strip())
        target.unlink(missing_ok=True)
        return 2
    LOG.info("snapshot %s (%.1f MB)", target.name, size / 1e6)
    prune(backup_dir, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
