#!/usr/bin/env python3
"""Print a census of running containers and their images by talking to the
Docker Engine API over its unix socket (no docker CLI required).
"""
import argparse
import http.client
import json
import logging
import socket
from collections import Counter
from functools import reduce
from itertools import chain
from operator import itemgetter, methodcaller

log = logging.getLogger("census")
DEFAULT_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=5.0):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def api_get(sock_path, path):
    conn = UnixHTTPConnection(sock_path)
    try:
        conn.request("GET", path, headers={"Host": "docker"})
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 200:
            raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
        return json.loads(body)
    finally:
        conn.close()


short_id = lambda c: c["Id"][:12]
first_name = lambda c: next(iter(c.get("Names") or ["/?"])).lstrip("/")
ports_of = lambda c: sorted({p.get("PublicPort") for p in c.get("Ports", []) if p.get("PublicPort")})


def describe(containers):
    for c in containers:
        yield {
            "id": short_id(c),
            "name": first_name(c),
            "image": c.get("Image", "?"),
            "state": c.get("State", "?"),
            "ports": ports_of(c),
        }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DEFAULT_SOCK)
    ap.add_argument("--all", action="store_true", help="include stopped containers")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        version = api_get(args.socket, "/version")
        containers = api_get(args.socket, f"/containers/json?all={int(args.all)}")
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("docker API unavailable at %s: %s", args.socket, exc)
        return 1

    rows = list(describe(containers))
    if args.json:
        print(json.dumps({"engine": version.get("Version"), "containers": rows}, indent=2))
        return 0

    log.info("engine %s, %d container(s)", version.get("Version"), len(rows))
    for row in sorted(rows, key=itemgetter("name")):
        ports = ",".join(map(str, row["ports"])) or "-"
        print(f"{row['id']}  {row['name']:<28} {row['state']:<9} {ports:<12} {row['image']}")

    images = Counter(map(itemgetter("image"), rows))
    exposed = reduce(lambda acc, r: acc | set(r["ports"]), rows, set())
    states = Counter(map(methodcaller("get", "state"), rows))
    print()
    print("images :", ", ".join(f"{img}x{n}" for img, n in images.most_common()))
    print("states :", ", ".join(chain.from_iterable([[f"{s}={n}"] for s, n in states.items()])))
    print("ports  :", ", ".join(map(str, sorted(exposed))) or "none")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
