#!/usr/bin/env python3
"""Remove exited CI containers and dangling images on the build host.

Talks to the Docker Engine API directly over its unix socket so the script
has no dependency on the docker CLI or docker-py. Containers are only
removed when they carry the label configured in janitor.ini and have been
exited for longer than the grace period.
"""
import argparse
import configparser
import http.client
import json
import logging
import socket
import time
import urllib.parse

log = logging.getLogger("janitor")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
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

    def call(self, method, path, **query):
        conn = UnixHTTPConnection(self.sock_path)
        if query:
            path += "?" + urllib.parse.urlencode(query)
        conn.request(method, "/v1.43" + path)
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None


def settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"janitor": {"socket": "/var/run/docker.sock", "label": "ci.job",
                               "grace_hours": "6"}})
    cfg.read(path)
    s = cfg["janitor"]
    return s["socket"], s["label"], float(s["grace_hours"])


def stale_containers(engine, label, grace_hours):
    filters = json.dumps({"status": ["exited", "dead"], "label": [label]})
    cutoff = time.time() - grace_hours * 3600
    for c in engine.call("GET", "/containers/json", all="true", filters=filters):
        info = engine.call("GET", f"/containers/{c['Id']}/json")
        finished = info["State"].get("FinishedAt", "")[:19]
        try:
            ts = time.mktime(time.strptime(finished, "%Y-%m-%dT%H:%M:%S"))
        except ValueError:
            continue
        if ts < cutoff:
            yield c["Id"][:12], c.get("Names", ["?"])[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="janitor.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    sock_path, label, grace = settings(args.config)
    engine = Engine(sock_path)
    removed = 0
    for cid, name in stale_containers(engine, label, grace):
        log.info("removing container %s (%s)", cid, name)
        if not args.dry_run:
            engine.call("DELETE", f"/containers/{cid}", v="true")
        removed += 1

    if not args.dry_run:
        pruned = engine.call("POST", "/images/prune",
                             filters=json.dumps({"dangling": ["true"]}))
        freed = (pruned or {}).get("SpaceReclaimed", 0)
        log.info("pruned dangling images, reclaimed %.1f MiB", freed / 2**20)
    log.info("%d containers %s", removed, "would be removed" if args.dry_run else "removed")


if __name__ == "__main__":
    main()
