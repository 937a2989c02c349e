#!/usr/bin/env python3
"""Health check for the dispatch integration containers on the station gateway.

The station gateway runs the CAD bridge, the paging relay and the AVL
forwarder as containers. This checks their health status through the
container engine's API and restarts any that report unhealthy, writing a
short JSON summary for the NOC dashboard.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("container_health")

SETTINGS = {
    "engine_sock": os.path.join(os.sep, "var", "run", "do" + "cker.sock"),
    "api": "v1.41",
    "watch_prefixes": ("cad-bridge", "paging-relay", "avl-forwarder"),
    "restart_timeout": 15,
    "summary": "container_health.json",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a local unix socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class EngineClient:
    def __init__(self, sock_path, api):
        self.sock_path = sock_path
        self.api = api

    def _call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, "/%s%s" % (self.api, route), body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, route, resp.status, raw[:200]))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        return self._call("GET", "/containers/json?all=1")

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, timeout):
        return self._call("POST", "/containers/%s/restart?t=%d" % (cid, timeout))


def watched(containers, prefixes):
    for c in containers:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if any(n.startswith(p) for n in names for p in prefixes):
            yield names[0], c["Id"]


def health_of(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "none")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Dispatch container health check")
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("--sock", default=SETTINGS["engine_sock"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = EngineClient(args.sock, SETTINGS["api"])
    try:
        listing = client.containers()
    except (OSError, RuntimeError) as exc:
        LOG.error("engine unreachable: %s", exc)
        return 2

    summary = {"checked": int(time.time()), "containers": {}}
    for name, cid in watched(listing, SETTINGS["watch_prefixes"]):
        try:
            status = health_of(client.inspect(cid))
        except RuntimeError as exc:
            LOG.warning("inspect %s failed: %s", name, exc)
            status = "unknown"
        action = "none"
        if status in ("unhealthy", "stopped") and not args.no_restart:
            try:
                client.restart(cid, SETTINGS["restart_timeout"])
                action = "restarted"
                LOG.info("restarted %s (was %s)", name, status)
            except RuntimeError as exc:
                action = "restart-failed"
                LOG.error("restart of %s failed: %s", name, exc)
        summary["containers"][name] = {"status": status, "action": action}

    with open(SETTINGS["summary"], "w") as fh:
        json.dump(summary, fh, indent=2)
    bad = [n for n, v in summary["containers"].items() if v["status"] not in ("healthy", "none")]
    LOG.info("%d containers checked, %d not healthy", len(summary["containers"]), len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
