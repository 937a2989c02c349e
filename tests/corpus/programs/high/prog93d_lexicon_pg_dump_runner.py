#!/usr/bin/env python3
"""Nightly export of the lexicon database for the language archive deposit.

Dumps the `lexicon` Postgres database (headwords, senses, example sentences,
audio links) in custom format so the archive can ingest it, and keeps the
last N dumps in ./dumps.  The dump runs inside the same postgres image the
server uses, so pg_dump always matches the server's major version.
"""
from __future__ import annotations

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("lexicon-dump")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to a local engine over its unix socket."""

    def __init__(self, socket_path: str, timeout: float = 60.0):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path: str, api: str = "v1.43"):
        self.socket_path = socket_path
        self.api = api

    def call(self, method: str, path: str, body: dict | None = None, raw: bool = False):
        conn = UnixHTTPConnection(self.socket_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{self.api}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:300]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def run_once(self, image: str, cmd: list[str], env: dict, binds: list[str],
                 network: str) -> tuple[int, bytes]:
        spec = {
            "Image": image,
            "Cmd": cmd,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {"Binds": binds, "NetworkMode": network, "AutoRemove": False},
        }
        created = self.call("POST", "/containers/create?name=lexicon-dump-%d" % int(time.time()), spec)
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
            return int(status.get("StatusCode", 1)), logs
        finally:
            try:
                self.call("DELETE", f"/containers/{cid}?force=1")
            except RuntimeError as exc:
                log.warning("could not remove dump container: %s", exc)


def prune(dump_dir: Path, keep: int) -> None:
    dumps = sorted(dump_dir.glob("lexicon-*.dump"))
    for old in dumps[:-keep] if keep > 0 else []:
        old.unlink()
        log.info("pruned %s", old.name)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="dump the lexicon database")
    ap.add_argument("--socket", default=os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock"))
    ap.add_argument("--image", default="postgres:15-alpine")
    ap.add_argument("--network", default="lexicon_default")
    ap.add_argument("--db-host", default="db")
    ap.add_argument("--db-name", default="lexicon")
    ap.add_argument("--db-user", default="lexicon_ro")
    ap.add_argument("--out", type=Path, default=Path("dumps"))
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    password = os.environ.get("LEXICON_DB_PASSWORD")
    if not password:
        log.error("LEXICON_DB_PASSWORD is not set")
        return 2

    args.out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    name = f"lexicon-{stamp}.dump"
    engine = Engine(args.socket)
    cmd = ["pg_dump", "-h", args.db_host, "-U", args.db_user, "-d", args.db_name,
           "--format=custom", "--no-owner", "-f", f"/out/{name}"]
    binds = [f"{args.out.resolve()}:/out"]

    for attempt in range(1, args.retries + 1):
        try:
            code, logs = engine.run_once(args.image, cmd, {"PGPASSWORD": password}, binds, args.network)
        except (OSError, RuntimeError) as exc:
            log.warning("attempt %d: engine error: %s", attempt, exc)
            time.sleep(5 * attempt)
            continue
        if code == 0:
            log.info("wrote %s (%d bytes)", name, (args.out / name).stat().st_size)
            prune(args.out, args.keep)
            return 0
        log.warning("attempt %d: pg_dump exited %d: %s", attempt, code,
                    logs.decode(errors="replace")[-500:])
        time.sleep(5 * attempt)
    log.error("giving up after %d attempts", args.retries)
    return 1


if __name__ == "__main__":
    sys.exit(main())
