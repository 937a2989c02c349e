#!/usr/bin/env python3
"""Watch the foundry ERP containers and restart unhealthy ones.

Talks to the local Docker engine over its UNIX socket, looks for
containers carrying the 'foundry.erp' label and restarts any that report
an unhealthy status or have exited.
"""

import argparse
import http.client
import json
import logging
import socket
import time

LOG = logging.getLogger("erp-watch")

DOCKER_SOCKET = "/var/run/docker.sock"
LABEL = "foundry.erp=1"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, path=DOCKER_SOCKET):
        self.path = path

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        return self._call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=15):
        self._call("POST", f"/containers/{cid}/restart?t={grace}")


def needs_restart(details):
    state = details.get("State", {})
    if state.get("Status") == "exited":
        return "exited"
    health = state.get("Health", {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    return None


def sweep(engine, dry_run):
    restarted = 0
    for summary in engine.containers(LABEL):
        cid = summary["Id"][:12]
        name = summary.get("Names", ["?"])[0].lstrip("/")
        reason = needs_restart(engine.inspect(cid))
        if not reason:
            LOG.debug("%s (%s) ok", name, cid)
            continue
        LOG.warning("%s (%s) is %s", name, cid, reason)
        if not dry_run:
            engine.restart(cid)
            restarted += 1
    return restarted


def main():
    parser = argparse.ArgumentParser(description="ERP container watchdog")
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    parser.add_argument("--interval", type=int, default=120)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = DockerEngine(args.socket)
    while True:
        try:
            count = sweep(engine, args.dry_run)
            if count:
                LOG.info("restarted %d containers", count)
        except (OSError, RuntimeError) as exc:
            LOG.error("sweep failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
