#!/usr/bin/env python3
"""Watches the market back-office containers and restarts unhealthy ones.

Talks straight to the Docker engine over its local socket so it can run on
the small gateway box without the docker CLI installed.
"""

import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("container_watch")

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"
WATCHED_PREFIXES = ("pos-", "orders-", "menuboard", "loyalty-")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def _request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/{}{}".format(API_VERSION, url),
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("{} {} -> {}".format(method, url, resp.status))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        return self._request("GET", "/containers/json?all=1")

    def inspect(self, cid):
        return self._request("GET", "/containers/{}/json".format(cid))

    def restart(self, cid):
        return self._request("POST", "/containers/{}/restart?t=10".format(cid))


def watched(container):
    names = [n.lstrip("/") for n in container.get("Names", [])]
    return any(name.startswith(WATCHED_PREFIXES) for name in names), names


def health_of(details):
    state = details.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "none")


def sweep(engine, dry_run):
    restarted = []
    for item in engine.containers():
        keep, names = watched(item)
        if not keep:
            continue
        status = health_of(engine.inspect(item["Id"]))
        log.debug("%s: %s", names[0], status)
        if status in ("unhealthy", "stopped"):
            if dry_run:
                log.info("would restart %s (%s)", names[0], status)
            else:
                engine.restart(item["Id"])
                log.info("restarted %s (%s)", names[0], status)
            restarted.append(names[0])
    return restarted


def main():
    parser = argparse.ArgumentParser(description="Back-office container watch")
    parser.add_argument("--socket", default=ENGINE_SOCKET)
    parser.add_argument("--every", type=int, default=0, help="seconds between sweeps")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(args.socket)
    while True:
        try:
            done = sweep(engine, args.dry_run)
            log.info("sweep finished, %d restart(s)", len(done))
        except (OSError, RuntimeError) as exc:
            log.error("engine error: %s", exc)
        if not args.every:
            break
        time.sleep(args.every)


if __name__ == "__main__":
    main()
