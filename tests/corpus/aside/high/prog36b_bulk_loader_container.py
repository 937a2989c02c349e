#!/usr/bin/env python3
"""Warehouse bulk loader that runs clickhouse-client in a throwaway container.

The CI runners do not have clickhouse-client installed, so we talk to the
local Docker Engine API directly (no docker SDK dependency), start a
one-shot ``clickhouse/clickhouse-server`` container with the staging
directory mounted read-only, and stream each CSV into the target table.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("bulk-loader")
ENGINE_SOCK = "/var/run/docker.sock"
API = "/v1.43"
IMAGE = "clickhouse/clickhouse-server:24.3"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 120.0):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str = ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def pull(self, image: str) -> None:
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={tag or 'latest'}")

    def run_once(self, image: str, cmd: list, binds: list, network: str) -> tuple:
        spec = {
            "Image": image,
            "Cmd": cmd,
            "HostConfig": {"Binds": binds, "NetworkMode": network, "AutoRemove": False},
            "Labels": {"owner": "bulk-loader"},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
            return status.get("StatusCode", 1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def load_file(engine: Engine, csv_path: Path, table: str, host: str, network: str) -> bool:
    staging = csv_path.parent.resolve()
    query = f"INSERT INTO {table} FORMAT CSVWithNames"
    cmd = ["bash", "-c",
           f"clickhouse-client --host {host} --query \"{query}\" < /staging/{csv_path.name}"]
    started = time.monotonic()
    code, logs = engine.run_once(IMAGE, cmd, [f"{staging}:/staging:ro"], network)
    if code != 0:
        LOG.error("%s -> %s failed (%s): %s", csv_path.name, table, code,
                  logs.decode(errors="replace")[-500:] if isinstance(logs, bytes) else logs)
        return False
    LOG.info("%s -> %s in %.1fs", csv_path.name, table, time.monotonic() - started)
    return True


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("staging_dir", type=Path)
    ap.add_argument("--table-prefix", default="raw.")
    ap.add_argument("--ch-host", default="clickhouse.internal")
    ap.add_argument("--network", default="host")
    ap.add_argument("--skip-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    if not args.skip_pull:
        LOG.info("pulling %s", IMAGE)
        engine.pull(IMAGE)

    files = sorted(args.staging_dir.glob("*.csv"))
    if not files:
        LOG.warning("nothing to load in %s", args.staging_dir)
        return 0
    ok = 0
    for path in files:
        table = args.table_prefix + path.stem.split("__")[0]
        if load_file(engine, path, table, args.ch_host, args.network):
            ok += 1
    LOG.info("loaded %d/%d files", ok, len(files))
    return 0 if ok == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
