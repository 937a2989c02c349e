#!/usr/bin/env python3
"""Watch the local Docker engine for containers whose healthcheck reports
"unhealthy" and restart them, at most N times per hour each.  Talks to the
engine API over its unix socket without the docker SDK."""
import argparse
import collections
import http.client
import json
import logging
import socket
import time
import urllib.parse

log = logging.getLogger("kicker")
ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"


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
    def __init__(self, path):
        self.path = path

    def call(self, method, endpoint, query=None):
        url = f"/{API_VERSION}{endpoint}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url, headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def unhealthy(self, label):
        filters = {"health": ["unhealthy"], "status": ["running"]}
        if label:
            filters["label"] = [label]
        return self.call("GET", "/containers/json", {"filters": json.dumps(filters)})

    def restart(self, cid, grace):
        self.call("POST", f"/containers/{cid}/restart", {"t": grace})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--label", default="autoheal=true")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--max-per-hour", type=int, default=3)
    ap.add_argument("--grace", type=int, default=10)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    history = collections.defaultdict(collections.deque)

    while True:
        try:
            sick = engine.unhealthy(args.label)
        except (OSError, RuntimeError) as exc:
            log.error("engine unreachable: %s", exc)
            sick = []
        now = time.time()
        for ctr in sick:
            cid, name = ctr["Id"][:12], ctr["Names"][0].lstrip("/")
            window = history[cid]
            while window and now - window[0] > 3600:
                window.popleft()
            if len(window) >= args.max_per_hour:
                log.warning("%s (%s) restarted %d times this hour, leaving it",
                            name, cid, len(window))
                continue
            log.info("restarting unhealthy %s (%s)", name, cid)
            try:
                engine.restart(cid, args.grace)
                window.append(now)
            except RuntimeError as exc:
                log.error("restart failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
