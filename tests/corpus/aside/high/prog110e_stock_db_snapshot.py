#!/usr/bin/env python3
"""Take a logical snapshot of the stock & lot-expiry database.

The inventory stack runs Postgres in a container called `stockdb`. This tool
asks the container engine to run pg_dump inside it, streams the dump back,
gzips it into ./snapshots/ and keeps the newest N copies. No docker CLI is
needed on the host, only the engine API.
"""
import argparse
import gzip
import http.client
import json
import logging
import socket
import struct
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("stock_snapshot")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local unix socket."""

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

    def call(self, method, path, body=None):
        conn = EngineConnection(self.socket_path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=payload, headers={"Content-Type": "application/json"})
        return conn, conn.getresponse()

    def json(self, method, path, body=None):
        conn, resp = self.call(method, path, body)
        try:
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def exec_stream(self, container, cmd):
        created = self.json("POST", f"/containers/{container}/exec", {
            "Cmd": cmd, "AttachStdout": True, "AttachStderr": True, "Tty": False,
        })
        conn, resp = self.call("POST", f"/exec/{created['Id']}/start", {"Detach": False, "Tty": False})
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
        info = self.json("GET", f"/exec/{created['Id']}/json")
        if info.get("ExitCode"):
            raise RuntimeError(f"pg_dump exited with {info['ExitCode']}")


def rotate(folder, keep):
    snaps = sorted(folder.glob("stockdb-*.sql.gz"))
    for old in snaps[:-keep] if keep else []:
        old.unlink()
        log.info("removed old snapshot %s", old.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--container", default="stockdb")
    ap.add_argument("--database", default="inventory")
    ap.add_argument("--db-user", default="inventory")
    ap.add_argument("--engine-socket", default="/var/run/docker.sock")
    ap.add_argument("--out-dir", default="snapshots")
    ap.add_argument("--keep", type=int, default=14)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"stockdb-{datetime.now():%Y%m%d-%H%M%S}.sql.gz"
    engine = Engine(args.engine_socket)

    state = engine.json("GET", f"/containers/{args.container}/json")["State"]
    if not state.get("Running"):
        log.error("container %s is not running", args.container)
        return 1

    cmd = ["pg_dump", "-U", args.db_user, "--no-owner", "--clean", args.database]
    written, errors = 0, []
    try:
        with gzip.open(target, "wb") as gz:
            for stream, chunk in engine.exec_stream(args.container, cmd):
                if stream == 1:
                    gz.write(chunk)
                    written += len(chunk)
                else:
                    errors.append(chunk.decode(errors="replace"))
    except (RuntimeError, OSError) as exc:
        log.error("snapshot failed: %s %s", exc, "".join(errors)[-500:])
        target.unlink(missing_ok=True)
        return 1

    log.info("wrote %s (%d bytes uncompressed)", target, written)
    rotate(out_dir, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
