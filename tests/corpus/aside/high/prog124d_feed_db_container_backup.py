#!/usr/bin/env python3
"""Nightly backup of the feed-stock tracker's Postgres database, which runs
in a container on the yard server.  Runs pg_dump inside the container via
the Docker Engine API and keeps the last N dumps in ./backups.
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

log = logging.getLogger("feed_backup")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        if resp.status >= 400:
            raise RuntimeError(f"docker {method} {path}: {resp.status} {resp.read()[:200]!r}")
        return resp if raw else json.loads(resp.read() or b"null")

    def find_container(self, label):
        filters = json.dumps({"label": [label], "status": ["running"]})
        from urllib.parse import quote
        items = self.call("GET", f"/containers/json?filters={quote(filters)}")
        if not items:
            raise RuntimeError(f"no running container with label {label}")
        return items[0]["Id"]

    def exec_stream(self, cid, cmd, env):
        ex = self.call("POST", f"/containers/{cid}/exec",
                       {"Cmd": cmd, "Env": env, "AttachStdout": True, "AttachStderr": True})
        resp = self.call("POST", f"/exec/{ex['Id']}/start", {"Detach": False, "Tty": False}, raw=True)
        # multiplexed stream: 8-byte header (stream, 0,0,0, size BE) then payload
        while True:
            header = resp.read(8)
            if len(header) < 8:
                break
            stream, size = header[0], struct.unpack(">I", header[4:])[0]
            payload = resp.read(size)
            yield stream, payload
        info = self.call("GET", f"/exec/{ex['Id']}/json")
        if info.get("ExitCode"):
            raise RuntimeError(f"{cmd[0]} exited with {info['ExitCode']}")


def rotate(directory, keep):
    dumps = sorted(directory.glob("feedstock-*.sql.gz"))
    for old in dumps[:-keep]:
        old.unlink()
        log.info("removed old dump %s", old.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="com.yard.app=feedstock-db")
    ap.add_argument("--db", default="feedstock")
    ap.add_argument("--db-user", default="feedstock")
    ap.add_argument("--out", default="backups")
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"feedstock-{datetime.now():%Y%m%d-%H%M}.sql.gz"
    partial = target.with_suffix(".part")

    engine = Engine(DOCKER_SOCK)
    try:
        cid = engine.find_container(args.label)
        log.info("dumping %s from container %s", args.db, cid[:12])
        size = 0
        with gzip.open(partial, "wb") as fh:
            for stream, chunk in engine.exec_stream(
                    cid, ["pg_dump", "-U", args.db_user, "--no-owner", args.db], []):
                if stream == 1:
                    fh.write(chunk)
                    size += len(chunk)
                else:
                    log.debug("pg_dump: %s", chunk.decode(errors="replace").rstrip())
    except (OSError, RuntimeError) as exc:
        log.error("backup failed: %s", exc)
        partial.unlink(missing_ok=True)
        return 1

    partial.rename(target)
    os.chmod(target, 0o600)
    log.info("wrote %s (%.1f MB uncompressed)", target, size / 1e6)
    rotate(out_dir, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
