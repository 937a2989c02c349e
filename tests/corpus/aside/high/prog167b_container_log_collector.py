#!/usr/bin/env python3
"""Collect logs from the containers on the job-scheduling server.

The scheduling server runs the quote, dispatch and billing services in
Docker. This pulls recent logs for each running container straight from
the local Docker engine and files them under ./collected_logs for review.
"""
import argparse
import http.client
import json
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("ctr-logs")

ENGINE = {
    "socket": "/var/run/docker.sock",
    "api": "/v1.43",
    "timeout": 20,
}


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class EngineClient:
    def __init__(self, cfg):
        self.cfg = cfg

    def _get(self, path):
        conn = EngineConnection(self.cfg["socket"], self.cfg["timeout"])
        try:
            conn.request("GET", self.cfg["api"] + path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"engine returned {resp.status} for {path}")
            return body
        finally:
            conn.close()

    def containers(self):
        return json.loads(self._get("/containers/json"))

    def logs(self, cid, since, tail):
        query = f"?stdout=1&stderr=1&timestamps=1&since={since}&tail={tail}"
        return self._get(f"/containers/{cid}/logs{query}")


def demux(raw):
    """Strip the 8-byte stream headers the engine puts on non-TTY logs."""
    out = bytearray()
    pos = 0
    while pos + 8 <= len(raw):
        size = int.from_bytes(raw[pos + 4:pos + 8], "big")
        out += raw[pos + 8:pos + 8 + size]
        pos += 8 + size
    return bytes(out) if out else raw


def collect(client, dest, hours, tail, name_filter):
    dest.mkdir(parents=True, exist_ok=True)
    since = int(time.time() - hours * 3600)
    written = 0
    for ctr in client.containers():
        name = ctr["Names"][0].lstrip("/")
        if name_filter and name_filter not in name:
            continue
        try:
            data = demux(client.logs(ctr["Id"], since, tail))
        except RuntimeError as exc:
            log.warning("%s: %s", name, exc)
            continue
        target = dest / f"{name}-{time.strftime('%Y%m%d-%H%M')}.log"
        target.write_bytes(data)
        log.info("%s: %d bytes -> %s", name, len(data), target)
        written += 1
    return written


def main():
    parser = argparse.ArgumentParser(description="Collect container logs")
    parser.add_argument("--hours", type=float, default=24)
    parser.add_argument("--tail", default="all")
    parser.add_argument("--filter", default="")
    parser.add_argument("--dest", type=Path, default=Path("collected_logs"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    client = EngineClient(ENGINE)
    count = collect(client, args.dest, args.hours, args.tail, args.filter)
    log.info("collected logs from %d containers", count)


if __name__ == "__main__":
    main()
