#!/usr/bin/env python3
"""Nightly backup of the hall booking system's PostgreSQL database.

The booking app runs in Docker on the hall's mini PC.  This script finds
the database container by its compose label, runs pg_dump inside it and
streams the dump into ./backups/bookings-YYYYmmdd-HHMM.sql.gz, keeping the
last N copies.  It talks to the Docker Engine API directly so that it
works on the mini PC without the docker CLI or Python SDK installed.
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
import urllib.parse
from datetime import datetime
from pathlib import Path

log = logging.getLogger("booking_backup")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=None if stream else 60)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, API + path, body=payload,
                     headers={"Content-Type": "application/json"} if payload else {})
        resp = conn.getresponse()
        if resp.status >= 300:
            raise RuntimeError(f"{method} {path}: {resp.status} {resp.read()[:200]!r}")
        return resp if stream else json.loads(resp.read() or b"null")

    def find_container(self, service):
        filters = json.dumps({"label": [f"com.docker.compose.service={service}"],
                              "status": ["running"]})
        found = self.call("GET", "/containers/json?filters=" + urllib.parse.quote(filters))
        if not found:
            raise LookupError(f"no running container for service '{service}'")
        return found[0]["Id"]

    def exec_stream(self, container, cmd, env):
        created = self.call("POST", f"/containers/{container}/exec", {
            "Cmd": cmd, "Env": env, "AttachStdout": True, "AttachStderr": True,
        })
        return self.call("POST", f"/exec/{created['Id']}/start",
                         {"Detach": False, "Tty": False}, stream=True), created["Id"]


def demux(resp):
    """Split Docker's multiplexed stdout/stderr frames."""
    while True:
        header = resp.read(8)
        if len(header) < 8:
            return
        stream, size = header[0], struct.unpack(">I", header[4:])[0]
        yield stream, resp.read(size)


def rotate(folder, keep):
    dumps = sorted(folder.glob("bookings-*.sql.gz"))
    for old in dumps[:-keep] if keep else []:
        old.unlink()
        log.info("removed old backup %s", old.name)


def main():
    ap = argparse.ArgumentParser(description="Back up the booking database")
    ap.add_argument("--service", default="db", help="compose service name of the database")
    ap.add_argument("--database", default="bookings")
    ap.add_argument("--db-user", default="bookings")
    ap.add_argument("--dest", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=14)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(DOCKER_SOCK)
    try:
        cid = engine.find_container(args.service)
    except (OSError, RuntimeError, LookupError) as exc:
        log.error("cannot reach the database container: %s", exc)
        return 2

    args.dest.mkdir(exist_ok=True)
    target = args.dest / f"bookings-{datetime.now():%Y%m%d-%H%M}.sql.gz"
    partial = target.with_suffix(".partial")
    stderr = bytearray()
    resp, exec_id = engine.exec_stream(cid, ["pg_dump", "-U", args.db_user, "--no-owner",
                                             "--clean", args.database], [])
    with gzip.open(partial, "wb") as out:
        for stream, chunk in demux(resp):
            if stream == 1:
                out.write(chunk)
            else:
                stderr.extend(chunk)
    status = engine.call("GET", f"/exec/{exec_id}/json")
    if status.get("ExitCode") != 0:
        partial.unlink(missing_ok=True)
        log.error("pg_dump failed: %s", stderr.decode(errors="replace").strip())
        return 1
    partial.rename(target)
    log.info("backup written: %s (%d KiB)", target, target.stat().st_size // 1024)
    rotate(args.dest, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
