#!/usr/bin/env python3
"""Preserve container logs for a litigation hold.

Talks to the local Docker Engine API over its unix socket, finds the
containers labelled with the held application, and saves each one's log
stream plus an inspect snapshot under ./preservation/<matter>/, with a
SHA-256 for the custody record.
"""
import argparse
import hashlib
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("ctr-preserve")
ENGINE_SOCK = "/var/run/docker.sock"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 60.0):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


def engine_get(path: str, raw: bool = False):
    conn = EngineConnection(ENGINE_SOCK)
    try:
        conn.request("GET", path, headers={"Host": "docker"})
        resp = conn.getresponse()
        body = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
        return body if raw else json.loads(body)
    finally:
        conn.close()


def demux(stream: bytes) -> bytes:
    """Strip the 8-byte multiplexing headers from a non-TTY log stream."""
    out, i = bytearray(), 0
    while i + 8 <= len(stream):
        size = int.from_bytes(stream[i + 4:i + 8], "big")
        out += stream[i + 8:i + 8 + size]
        i += 8 + size
    return bytes(out) if out else stream


def preserve(matter: str, label: str, since: int) -> list:
    dest = Path("preservation") / matter
    dest.mkdir(parents=True, exist_ok=True)
    filters = quote(json.dumps({"label": [label]}))
    records = []
    for ctr in engine_get(f"/containers/json?all=1&filters={filters}"):
        cid, name = ctr["Id"], ctr["Names"][0].lstrip("/")
        inspect = engine_get(f"/containers/{cid}/json")
        (dest / f"{name}.inspect.json").write_text(json.dumps(inspect, indent=2))
        logs = demux(engine_get(
            f"/containers/{cid}/logs?stdout=1&stderr=1&timestamps=1&since={since}", raw=True))
        log_path = dest / f"{name}.log"
        log_path.write_bytes(logs)
        digest = hashlib.sha256(logs).hexdigest()
        records.append({"container": name, "id": cid[:12], "bytes": len(logs), "sha256": digest})
        LOG.info("preserved %s (%d bytes)", name, len(logs))
    (dest / "custody.json").write_text(json.dumps(
        {"matter": matter, "collected_at": int(time.time()), "items": records}, indent=2))
    return records


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("matter")
    ap.add_argument("--label", default="app=billing-portal")
    ap.add_argument("--since-days", type=int, default=90)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    since = int(time.time()) - args.since_days * 86400
    try:
        items = preserve(args.matter, args.label, since)
    except (OSError, RuntimeError) as exc:
        LOG.error("engine unavailable: %s", exc)
        return 1
    LOG.info("%d containers preserved for %s", len(items), args.matter)
    return 0


if __name__ == "__main__":
    sys.exit(main())
