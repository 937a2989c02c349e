#!/usr/bin/env python3
"""Restart the boarding-display containers on the gate controller.

The departure boards above each gate run as containers labelled
ferry.role=gate-display. When a board freezes on the previous sailing this
tool finds the matching containers through the local Docker engine and
restarts them, logging what it did for the purser's log.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import urllib.parse

LOG = logging.getLogger("gate-display-restart")

DOCKER_SOCK = "/var/run/docker.sock"
ROLE_LABEL = "ferry.role=gate-display"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP connection over the Docker engine's unix socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _request(self, method, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, body[:200]))
            return json.loads(body) if body else None
        finally:
            conn.close()

    def list_displays(self, gate=None):
        labels = [ROLE_LABEL]
        if gate:
            labels.append("ferry.gate=%s" % gate)
        filters = urllib.parse.quote(json.dumps({"label": labels}))
        return self._request("GET", "/containers/json?all=1&filters=%s" % filters)

    def restart(self, container_id, timeout=10):
        self._request("POST", "/containers/%s/restart?t=%d" % (container_id, timeout))


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--gate", help="only this gate (e.g. FOOT-RAMP-A)")
    p.add_argument("--socket", default=DOCKER_SOCK)
    p.add_argument("--list", action="store_true", help="list displays, do not restart")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    engine = DockerEngine(args.socket)
    try:
        containers = engine.list_displays(args.gate)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot talk to the Docker engine: %s", exc)
        return 1
    if not containers:
        LOG.warning("no display containers found")
        return 1
    failures = 0
    for c in containers:
        name = c.get("Names", ["?"])[0].lstrip("/")
        LOG.info("%s state=%s status=%s", name, c.get("State"), c.get("Status"))
        if args.list:
            continue
        try:
            engine.restart(c["Id"])
            LOG.info("restarted %s", name)
        except (OSError, RuntimeError) as exc:
            failures += 1
            LOG.error("restart of %s failed: %s", name, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
