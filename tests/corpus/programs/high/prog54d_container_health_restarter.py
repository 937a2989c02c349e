#!/usr/bin/env python3
"""Restart containers whose healthcheck reports 'unhealthy'.

Talks to the Docker Engine API directly over its UNIX socket so it works on
hosts without the docker CLI. Only containers carrying the watch label are
touched.
"""
import argparse
import http.client
import json
import logging
import socket
import time
import urllib.parse

LOG = logging.getLogger("restarter")
DEFAULT_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, query=None):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def unhealthy(self, label):
        filters = json.dumps({"health": ["unhealthy"], "label": [label]})
        return self.call("GET", "/containers/json", {"filters": filters})

    def restart(self, cid, grace):
        self.call("POST", f"/containers/{cid}/restart", {"t": grace})


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=DEFAULT_SOCK)
    ap.add_argument("--label", default="ops.autoheal=true")
    ap.add_argument("--grace", type=int, default=20)
    ap.add_argument("--interval", type=int, default=0, help="loop every N seconds")
    ap.add_argument("--max-restarts", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    restarts = {}
    while True:
        try:
            for c in engine.unhealthy(args.label):
                name = c["Names"][0].lstrip("/")
                count = restarts.get(c["Id"], 0)
                if count >= args.max_restarts:
                    LOG.warning("%s exceeded %d restarts, leaving it", name, args.max_restarts)
                    continue
                LOG.info("restarting %s (%s)", name, c["Image"])
                engine.restart(c["Id"], args.grace)
                restarts[c["Id"]] = count + 1
        except (OSError, RuntimeError) as exc:
            LOG.error("engine error: %s", exc)
        if not args.interval:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
