#!/usr/bin/env python3
"""Checks the containers that run the regatta results site.

Talks to the local Docker engine, reports container health and
restarts the results web container if it has stopped.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("results-check")

DOCKER_SOCK = "/var/run/docker.sock"
WATCHED = ("results-web", "results-db", "results-worker")


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
    def __init__(self, path=DOCKER_SOCK):
        self.path = path

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        return self.request("GET", "/containers/json?all=1")

    def restart(self, cid):
        self.request("POST", f"/containers/{cid}/restart?t=10")


def container_name(info):
    names = info.get("Names") or ["?"]
    return names[0].lstrip("/")


def check(engine, restart):
    problems = 0
    seen = set()
    for info in engine.containers():
        name = container_name(info)
        if name not in WATCHED:
            continue
        seen.add(name)
        state = info.get("State")
        status = info.get("Status")
        log.info("%-16s %-10s %s", name, state, status)
        if state != "running":
            problems += 1
            if restart and name == "results-web":
                log.warning("restarting %s", name)
                engine.restart(info["Id"])
    for missing in set(WATCHED) - seen:
        log.error("%s not found", missing)
        problems += 1
    return problems


def main():
    parser = argparse.ArgumentParser(description="Check results site containers")
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--restart", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    engine = DockerEngine(args.socket)
    try:
        problems = check(engine, args.restart)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 2
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
