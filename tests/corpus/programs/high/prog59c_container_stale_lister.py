#!/usr/bin/env python3
"""List long-running / unhealthy containers straight from the Docker Engine API.

Stand-in for
    docker ps --format '{{.ID}} {{.Status}} {{.Image}}' | awk '$3 ~ /weeks|months/'
on hosts where the docker CLI is not installed but the daemon socket is.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

DEFAULT_SOCK = "/var/run/docker.sock"
log = logging.getLogger("stale")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", path, headers={"Host": "docker"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{path}: HTTP {resp.status} {data[:200]!r}")
            return json.loads(data)
        finally:
            conn.close()

    def containers(self, include_stopped=False):
        flag = "1" if include_stopped else "0"
        return self.get(f"/v1.43/containers/json?all={flag}")

    def inspect(self, cid):
        return self.get(f"/v1.43/containers/{quote(cid)}/json")


def age_days(created_epoch):
    return (time.time() - created_epoch) / 86400.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=DEFAULT_SOCK)
    ap.add_argument("--older-than", type=float, default=14.0, help="days")
    ap.add_argument("--all", action="store_true", help="include stopped containers")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        listing = engine.containers(args.all)
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to the engine at %s: %s", args.socket, exc)
        return 1

    rows = []
    for c in listing:
        days = age_days(c["Created"])
        health = ""
        if "(unhealthy)" in c.get("Status", ""):
            health = "unhealthy"
        if days < args.older_than and not health:
            continue
        detail = engine.inspect(c["Id"])
        restarts = detail.get("RestartCount", 0)
        rows.append({
            "id": c["Id"][:12],
            "name": c["Names"][0].lstrip("/") if c.get("Names") else "?",
            "image": c["Image"],
            "age_days": round(days, 1),
            "restarts": restarts,
            "health": health or "-",
            "privileged": detail.get("HostConfig", {}).get("Privileged", False),
        })

    rows.sort(key=lambda r: -r["age_days"])
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        print(f"{'ID':<13}{'NAME':<28}{'AGE(d)':>8}{'RESTARTS':>10}  HEALTH     IMAGE")
        for r in rows:
            print(f"{r['id']:<13}{r['name'][:27]:<28}{r['age_days']:>8}{r['restarts']:>10}  "
                  f"{r['health']:<10} {r['image']}{'  [privileged]' if r['privileged'] else ''}")
    log.info("%d container(s) flagged", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
