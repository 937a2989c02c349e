#!/usr/bin/env python3
"""Check that running containers carry cost-allocation labels.

Talks to the local Docker Engine API over its UNIX socket (no docker SDK on
the build agents) and reports containers missing the labels finance needs to
split the shared EC2 bill: cost-center, team and env.
"""
import argparse
import csv
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("container_cost_tags")
DOCKER_SOCK = "/var/run/docker.sock"
REQUIRED_LABELS = ("cost-center", "team", "env")


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
    def __init__(self, sock_path=DOCKER_SOCK, api="v1.43"):
        self.sock_path = sock_path
        self.api = api

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", f"/{self.api}{path}")
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self):
        return self.get("/containers/json?all=false")

    def info(self):
        return self.get("/info")


def audit(containers, required):
    for c in containers:
        labels = c.get("Labels") or {}
        missing = [k for k in required if not labels.get(k)]
        yield {
            "id": c["Id"][:12],
            "name": (c.get("Names") or ["?"])[0].lstrip("/"),
            "image": c.get("Image", ""),
            "missing": ",".join(missing),
            "team": labels.get("team", ""),
        }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--csv", default="container-cost-tags.csv")
    ap.add_argument("--require", nargs="*", default=list(REQUIRED_LABELS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(args.socket)
    try:
        host = engine.info().get("Name", "unknown")
        rows = list(audit(engine.containers(), args.require))
    except (OSError, RuntimeError) as exc:
        log.error("cannot query docker engine at %s: %s", args.socket, exc)
        return 2

    with open(args.csv, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["id", "name", "image", "team", "missing"])
        writer.writeheader()
        writer.writerows(rows)

    untagged = [r for r in rows if r["missing"]]
    for r in untagged:
        log.warning("%s (%s) missing: %s", r["name"], r["image"], r["missing"])
    log.info("host %s: %d containers, %d missing labels -> %s",
             host, len(rows), len(untagged), args.csv)
    return 1 if untagged else 0


if __name__ == "__main__":
    sys.exit(main())
