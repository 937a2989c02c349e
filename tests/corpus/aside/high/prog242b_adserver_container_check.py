#!/usr/bin/env python3
"""Check and recover the ad-server containers on the booking host.

The online ad server and the booking API run as containers on the
booking host.  After a night of heavy campaign uploads one of them
sometimes goes unhealthy.  This tool asks the container engine for the
state of the ad-server containers and restarts those that are unhealthy
or exited, logging what it did for the morning IT report.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("adserver-check")
DOCKER_SOCK = "/var/run/docker.sock"
NAME_PREFIXES = ("adserver", "booking-api", "creative-cache")


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

    def call(self, method, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def containers(self):
        return self.call("GET", "/containers/json?all=1")

    def restart(self, cid):
        self.call("POST", f"/containers/{cid}/restart?t=20")


def watched(container):
    names = [n.lstrip("/") for n in container.get("Names", [])]
    return any(n.startswith(NAME_PREFIXES) for n in names), (names[0] if names else "?")


def needs_restart(container):
    status = container.get("Status", "")
    return container.get("State") == "exited" or "(unhealthy)" in status


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--report-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        containers = engine.containers()
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach container engine at %s: %s", args.socket, exc)
        return 1

    restarted = 0
    for c in containers:
        is_watched, name = watched(c)
        if not is_watched:
            continue
        LOG.info("%s: %s", name, c.get("Status"))
        if needs_restart(c) and not args.report_only:
            try:
                engine.restart(c["Id"])
                restarted += 1
                LOG.info("restarted %s", name)
            except RuntimeError as exc:
                LOG.error("restart of %s failed: %s", name, exc)
    LOG.info("%d container(s) restarted", restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
