#!/usr/bin/env python3
"""Nightly dump of the scaffold-inspection database.

The inspection app (tags, 7-day inspections, handover certificates) runs in
docker compose on the yard server.  This takes a pg_dump from inside the
postgres container - so no DB port has to be published - gzips it into
./backups/ and keeps the last 14 dumps.

Talks to the Docker Engine API directly so it runs on the yard box without
the docker CLI or python SDK installed.
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
import urllib.parse
from pathlib import Path

log = logging.getLogger("inspection_backup")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, raw: bool = False):
        conn = UnixHTTPConnection(self.sock_path, timeout=1800)
        headers = {"Host": "docker"}
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def find_container(self, service: str, project: str) -> str:
        filters = json.dumps({"label": [f"com.docker.compose.service={service}",
                                        f"com.docker.compose.project={project}"],
                              "status": ["running"]})
        found = self.call("GET", "/containers/json?filters=" + urllib.parse.quote(filters))
        if not found:
            raise LookupError(f"no running {project}/{service} container")
        return found[0]["Id"]

    def exec_capture(self, container: str, cmd: list, env: list) -> tuple:
        created = self.call("POST", f"/containers/{container}/exec", {
            "Cmd": cmd, "Env": env, "AttachStdout": True, "AttachStderr": True,
        })
        stream = self.call("POST", f"/exec/{created['Id']}/start",
                           {"Detach": False, "Tty": False}, raw=True)
        info = self.call("GET", f"/exec/{created['Id']}/json")
        return demux(stream), info.get("ExitCode")


def demux(stream: bytes) -> tuple:
    """Split docker's multiplexed attach stream into (stdout, stderr)."""
    out, err, pos = bytearray(), bytearray(), 0
    while pos + 8 <= len(stream):
        kind, size = struct.unpack(">BxxxL", stream[pos:pos + 8])
        chunk = stream[pos + 8:pos + 8 + size]
        (out if kind == 1 else err).extend(chunk)
        pos += 8 + size
    return bytes(out), bytes(err)


def prune(folder: Path, keep: int) -> None:
    dumps = sorted(folder.glob("inspections-*.sql.gz"))
    for old in dumps[:-keep]:
        old.unlink()
        log.info("pruned %s", old.name)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="dump the inspection database")
    ap.add_argument("--project", default=os.environ.get("COMPOSE_PROJECT", "scaffoldinspect"))
    ap.add_argument("--service", default="db")
    ap.add_argument("--database", default="inspections")
    ap.add_argument("--out", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=14)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        cid = engine.find_container(args.service, args.project)
        log.info("dumping %s from container %s", args.database, cid[:12])
        (stdout, stderr), code = engine.exec_capture(
            cid,
            ["pg_dump", "-U", "postgres", "--no-owner", "--clean", args.database],
            ["PGCONNECT_TIMEOUT=10"],
        )
    except (OSError, RuntimeError, LookupError) as exc:
        log.error("backup failed: %s", exc)
        return 1
    if code != 0 or not stdout:
        log.error("pg_dump exit %s: %s", code, stderr.decode(errors="replace").strip())
        return 1

    args.out.mkdir(exist_ok=True)
    target = args.out / f"inspections-{dt.datetime.now():%Y%m%d-%H%M}.sql.gz"
    with gzip.open(target, "wb") as fh:
        fh.write(stdout)
    os.chmod(target, 0o600)
    log.info("wrote %s (%.1f MB)", target, target.stat().st_size / 1e6)
    prune(args.out, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
