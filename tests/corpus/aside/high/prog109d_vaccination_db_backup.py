#!/usr/bin/env python3
"""Nightly backup of the shelter's vaccination records database.

The vet-records app runs in docker compose on the clinic server; its postgres
container is not published on the host network. Rather than add a port we
run pg_dump inside the container through the Docker Engine API and stream the
dump into ./backups/, keeping the last N compressed copies.
"""
import argparse
import gzip
import http.client
import json
import logging
import os
import socket
import struct
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("vax_backup")
BACKUP_DIR = Path("backups")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, sock_path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _call(self, method, path, body=None):
        conn = EngineConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=payload, headers={"Content-Type": "application/json"})
        return conn, conn.getresponse()

    def find_container(self, label):
        filters = json.dumps({"label": [label], "status": ["running"]})
        conn, resp = self._call("GET", f"/v1.43/containers/json?filters={filters}")
        data = json.loads(resp.read())
        conn.close()
        if not data:
            raise RuntimeError(f"no running container with label {label}")
        return data[0]["Id"]

    def exec_stream(self, container, cmd, env):
        conn, resp = self._call("POST", f"/v1.43/containers/{container}/exec", {
            "Cmd": cmd, "Env": env, "AttachStdout": True, "AttachStderr": True,
        })
        exec_id = json.loads(resp.read())["Id"]
        conn.close()
        conn, resp = self._call("POST", f"/v1.43/exec/{exec_id}/start", {"Detach": False, "Tty": False})
        if resp.status != 200:
            raise RuntimeError(f"exec start failed: HTTP {resp.status}")
        try:
            while True:
                header = resp.read(8)
                if len(header) < 8:
                    break
                stream, size = struct.unpack(">BxxxL", header)
                chunk = resp.read(size)
                yield stream, chunk
        finally:
            conn.close()


def rotate(keep):
    dumps = sorted(BACKUP_DIR.glob("vaxrecords_*.sql.gz"))
    for old in dumps[:-keep]:
        LOG.info("removing old backup %s", old.name)
        old.unlink()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    parser.add_argument("--label", default="com.docker.compose.service=vetdb")
    parser.add_argument("--database", default="vaxrecords")
    parser.add_argument("--db-user", default="vetapp")
    parser.add_argument("--keep", type=int, default=14)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    password = os.environ.get("VETDB_PASSWORD")
    if not password:
        LOG.error("VETDB_PASSWORD not set")
        return 1

    BACKUP_DIR.mkdir(exist_ok=True)
    target = BACKUP_DIR / f"vaxrecords_{datetime.now():%Y%m%d_%H%M%S}.sql.gz"
    partial = target.with_suffix(".partial")
    engine = Engine(args.socket)
    errors = []
    try:
        cid = engine.find_container(args.label)
        LOG.info("dumping %s from container %s", args.database, cid[:12])
        with gzip.open(partial, "wb") as out:
            for stream, chunk in engine.exec_stream(
                cid,
                ["pg_dump", "--no-owner", "--clean", "-U", args.db_user, args.database],
                [f"PGPASSWORD={password}"],
            ):
                if stream == 1:
                    out.write(chunk)
                else:
                    errors.append(chunk.decode(errors="replace"))
    except (OSError, RuntimeError, http.client.HTTPException) as exc:
        LOG.error("backup failed: %s", exc)
        partial.unlink(missing_ok=True)
        return 1

    if errors:
        LOG.warning("pg_dump stderr: %s", "".join(errors).strip())
    partial.rename(target)
    os.chmod(target, 0o600)
    LOG.info("wrote %s (%d bytes)", target, target.stat().st_size)
    rotate(args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
