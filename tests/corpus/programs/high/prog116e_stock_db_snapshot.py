#!/usr/bin/env python3
"""Nightly snapshot of the stock and repairs database.

The back-office stock system (items, trays, repair bags, customer
deposits) runs as a Postgres container on the shop server.  This takes a
pg_dump from inside the container and keeps the last N dumps in the
current directory, ready for the off-site copy job to pick up.
"""
import argparse
import datetime as dt
import gzip
import http.client
import json
import logging
import os
import socket
import struct
import sys
from pathlib import Path

LOG = logging.getLogger("stocksnap")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=None if stream else 60)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {resp.read()[:200]!r}")
        if stream:
            return conn, resp
        data = resp.read()
        conn.close()
        return json.loads(data) if data else None

    def find_container(self, label):
        filters = json.dumps({"label": [label], "status": ["running"]})
        from urllib.parse import quote
        found = self.call("GET", f"/containers/json?filters={quote(filters)}")
        if not found:
            raise RuntimeError(f"no running container with label {label}")
        return found[0]["Id"], found[0]["Names"][0].lstrip("/")

    def exec_stream(self, cid, cmd, env):
        created = self.call("POST", f"/containers/{cid}/exec", {
            "Cmd": cmd, "Env": env, "AttachStdout": True, "AttachStderr": True, "Tty": False,
        })
        conn, resp = self.call("POST", f"/exec/{created['Id']}/start",
                               {"Detach": False, "Tty": False}, stream=True)
        return created["Id"], conn, resp


def demux(resp):
    """Split the engine's multiplexed stream into (stream_id, chunk)."""
    while True:
        header = resp.read(8)
        if len(header) < 8:
            return
        stream_id, size = header[0], struct.unpack(">I", header[4:])[0]
        chunk = resp.read(size)
        yield stream_id, chunk


def prune(directory, keep):
    dumps = sorted(directory.glob("stockdb-*.sql.gz"))
    for old in dumps[:-keep]:
        old.unlink()
        LOG.info("removed old dump %s", old.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="com.shop.role=stockdb")
    ap.add_argument("--database", default="stock")
    ap.add_argument("--db-user", default="stock")
    ap.add_argument("--keep", type=int, default=7)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(DOCKER_SOCK)
    try:
        cid, name = engine.find_container(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach stock database container: %s", exc)
        return 1
    LOG.info("dumping %s from container %s", args.database, name)

    out = Path(f"stockdb-{dt.datetime.now():%Y%m%d-%H%M}.sql.gz")
    part = out.with_suffix(".part")
    exec_id, conn, resp = engine.exec_stream(
        cid, ["pg_dump", "-U", args.db_user, "--no-owner", "--clean", args.database],
        [f"PGPASSWORD={os.environ.get('STOCKDB_PASSWORD', '')}"],
    )
    errors = []
    written = 0
    with gzip.open(part, "wb") as fh:
        for stream_id, chunk in demux(resp):
            if stream_id == 1:
                fh.write(chunk)
                written += len(chunk)
            else:
                errors.append(chunk.decode(errors="replace"))
    conn.close()

    result = engine.call("GET", f"/exec/{exec_id}/json")
    if result.get("ExitCode") != 0:
        part.unlink(missing_ok=True)
        LOG.error("pg_dump failed (%s): %s", result.get("ExitCode"), "".join(errors)[-500:])
        return 1
    part.rename(out)
    out.chmod(0o600)
    LOG.info("wrote %s (%.1f MB raw)", out, written / 1e6)
    prune(Path("."), args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
