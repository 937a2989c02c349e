#!/usr/bin/env python3
"""Collect recent container logs for an incident bundle.

Lists the running containers that carry the service label, pulls their
logs since the last collection (tracked in a small cursor file) and writes
them under ./collected/<container>.log for attaching to the incident.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import struct
import sys
import time
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("ctr-logs")

ENGINE_ENDPOINT = os.environ.get("CONTAINER_ENGINE_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over an AF_UNIX stream socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class EngineClient:
    def __init__(self, path):
        self.path = path

    def _get(self, url):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request("GET", f"/{API_VERSION}{url}")
            resp = conn.getresponse()
            data = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"GET {url}: {resp.status} {data[:200]!r}")
            return data
        finally:
            conn.close()

    def containers(self, label):
        filters = quote(json.dumps({"label": [label], "status": ["running"]}))
        return json.loads(self._get(f"/containers/json?filters={filters}"))

    def logs(self, container_id, since, tail):
        query = f"stdout=1&stderr=1&timestamps=1&since={int(since)}&tail={tail}"
        return self._get(f"/containers/{container_id}/logs?{query}")


def demux(raw):
    """Split the multiplexed stdout/stderr stream into text lines."""
    offset, lines = 0, []
    while offset + 8 <= len(raw):
        stream, size = struct.unpack(">BxxxL", raw[offset:offset + 8])
        offset += 8
        chunk = raw[offset:offset + size].decode("utf-8", "replace")
        offset += size
        tag = "err" if stream == 2 else "out"
        lines.extend(f"{tag} {line}" for line in chunk.splitlines())
    if offset == 0 and raw:
        lines = raw.decode("utf-8", "replace").splitlines()
    return lines


def load_cursors(path):
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}


def save_cursors(path, cursors):
    Path(path).write_text(json.dumps(cursors, indent=2), encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default="com.example.service")
    ap.add_argument("--out", default="collected")
    ap.add_argument("--cursor-file", default=".log-cursors.json")
    ap.add_argument("--lookback", type=int, default=3600, help="seconds on first run")
    ap.add_argument("--tail", default="5000")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    cursors = load_cursors(args.cursor_file)
    client = EngineClient(ENGINE_ENDPOINT)
    now = time.time()

    try:
        containers = client.containers(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine unavailable at %s: %s", ENGINE_ENDPOINT, exc)
        return 2

    for ctr in containers:
        cid = ctr["Id"]
        name = (ctr.get("Names") or [cid[:12]])[0].lstrip("/")
        since = cursors.get(cid, now - args.lookback)
        try:
            lines = demux(client.logs(cid, since, args.tail))
        except (OSError, RuntimeError) as exc:
            LOG.warning("logs for %s failed: %s", name, exc)
            continue
        with open(out_dir / f"{name}.log", "a", encoding="utf-8") as fh:
            for line in lines:
                fh.write(line + "\n")
        cursors[cid] = now
        LOG.info("%s: %d lines", name, len(lines))

    save_cursors(args.cursor_file, cursors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
