#!/usr/bin/env python3
"""Snapshot container state and recent logs into a local support bundle.

Talks to the Docker Engine API directly over /var/run/docker.sock (no docker
CLI needed) and writes one JSON + one log file per container into ./bundle.
"""
import argparse
import http.client
import json
import logging
import socket
from pathlib import Path
from urllib.parse import quote

logger = logging.getLogger("ctr-snapshot")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class EngineClient:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def _get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
            return body
        finally:
            conn.close()

    def containers(self, all_=True):
        return json.loads(self._get(f"/v1.43/containers/json?all={int(all_)}"))

    def inspect(self, cid):
        return json.loads(self._get(f"/v1.43/containers/{quote(cid)}/json"))

    def logs(self, cid, tail):
        raw = self._get(f"/v1.43/containers/{quote(cid)}/logs?stdout=1&stderr=1&tail={tail}")
        return demux(raw)


def demux(raw):
    """Strip the 8-byte multiplexing headers from non-TTY log streams."""
    out, i = bytearray(), 0
    while i + 8 <= len(raw) and raw[i] in (0, 1, 2):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out += raw[i + 8:i + 8 + size]
        i += 8 + size
    return bytes(out) if out else raw


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="bundle/containers")
    ap.add_argument("--tail", type=int, default=500)
    ap.add_argument("--name-filter", default="")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = EngineClient()
    outdir = Path(args.out)
    outdir.mkdir(parents=True, exist_ok=True)
    for ctr in client.containers():
        name = (ctr.get("Names") or ["/unnamed"])[0].lstrip("/")
        if args.name_filter and args.name_filter not in name:
            continue
        details = client.inspect(ctr["Id"])
        details.get("Config", {}).pop("Env", None)  # keep env vars out of the bundle
        (outdir / f"{name}.json").write_text(json.dumps(details, indent=2))
        (outdir / f"{name}.log").write_bytes(client.logs(ctr["Id"], args.tail))
        logger.info("captured %s (%s)", name, ctr.get("State"))


if __name__ == "__main__":
    main()
