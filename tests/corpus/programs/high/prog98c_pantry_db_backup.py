#!/usr/bin/env python3
"""Nightly backup of the pantry inventory database.

The inventory app (PantryTrak) runs in Docker on the warehouse mini-PC with
its Postgres in a sibling container. This script finds the database
container by its compose label, runs pg_dump inside it through the Docker
Engine API and writes a gzipped dump into ./backups, keeping the last N.
No docker CLI needed, so it also works from the slim backup venv.
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
from urllib.parse import quote

log = logging.getLogger("pantry-backup")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")


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
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        return conn, conn.getresponse()

    def json(self, method, path, body=None):
        conn, resp = self._call(method, path, body)
        try:
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"docker {method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def find_container(self, service):
        filters = json.dumps({"label": [f"com.docker.compose.service={service}"]})
        found = self.json("GET", "/containers/json?filters=" + quote(filters))
        if not found:
            raise RuntimeError(f"no running container for service '{service}'")
        return found[0]["Id"]

    def exec_stream(self, container, cmd, env=None):
        spec = {"Cmd": cmd, "AttachStdout": True, "AttachStderr": True, "Env": env or []}
        exec_id = self.json("POST", f"/containers/{container}/exec", spec)["Id"]
        conn, resp = self._call("POST", f"/exec/{exec_id}/start", {"Detach": False, "Tty": False})
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
        info = self.json("GET", f"/exec/{exec_id}/json")
        if info.get("ExitCode"):
            raise RuntimeError(f"{cmd[0]} exited with {info['ExitCode']}")


def rotate(dest, keep):
    dumps = sorted(dest.glob("pantrytrak_*.sql.gz"))
    for old in dumps[:-keep] if keep > 0 else []:
        old.unlink()
        log.info("removed old backup %s", old.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--service", default="db")
    ap.add_argument("--database", default="pantrytrak")
    ap.add_argument("--user", default="pantrytrak")
    ap.add_argument("--dest", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=14)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.dest.mkdir(exist_ok=True)
    out = args.dest / f"pantrytrak_{datetime.now():%Y%m%d_%H%M}.sql.gz"
    engine = Engine()
    try:
        cid = engine.find_container(args.service)
        log.info("dumping %s from container %s", args.database, cid[:12])
        errors = []
        with gzip.open(out, "wb") as gz:
            for stream, chunk in engine.exec_stream(
                    cid, ["pg_dump", "-U", args.user, "--no-owner", args.database]):
                if stream == 1:
                    gz.write(chunk)
                else:
                    errors.append(chunk.decode(errors="replace"))
        if errors:
            log.warning("pg_dump said: %s", "".join(errors).strip())
    except (OSError, RuntimeError) as exc:
        log.error("backup failed: %s", exc)
        out.unlink(missing_ok=True)
        return 1
    os.chmod(out, 0o600)
    log.info("wrote %s (%.1f MB)", out, out.stat().st_size / 1e6)
    rotate(args.dest, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
