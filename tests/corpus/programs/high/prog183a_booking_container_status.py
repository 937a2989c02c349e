#!/usr/bin/env python3
"""Check the self-hosted booking stack on the back-office server and restart
the booking web container if it has fallen over. Talks to the Docker
engine directly over its unix socket.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("booking_status")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
WATCHED = os.environ.get("BOOKING_CONTAINERS", "ironside-booking-web,ironside-booking-db").split(",")


class DockerSocketConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.sock_path)


class Docker:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = DockerSocketConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        return self.call("GET", "/containers/json?all=1")

    def restart(self, cid):
        return self.call("POST", f"/containers/{cid}/restart?t=10")


def summarize(containers):
    rows = {}
    for c in containers:
        name = c["Names"][0].lstrip("/")
        rows[name] = (c["Id"][:12], c["State"], c["Status"])
    return rows


def main():
    parser = argparse.ArgumentParser(description="Booking stack health via Docker socket")
    parser.add_argument("--restart", action="store_true", help="restart exited watched containers")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not found", DOCKER_SOCK)
        return 2

    docker = Docker(DOCKER_SOCK)
    rows = summarize(docker.containers())

    if args.json:
        json.dump({k: dict(zip(("id", "state", "status"), v)) for k, v in rows.items()},
                  sys.stdout, indent=2)
        print()
    else:
        for name in WATCHED:
            cid, state, status = rows.get(name, ("-", "missing", "-"))
            print(f"{name:28} {state:10} {status}")

    bad = [n for n in WATCHED if rows.get(n, (None, "missing"))[1] != "running"]
    if bad and args.restart:
        for name in bad:
            if name in rows:
                log.info("restarting %s", name)
                docker.restart(rows[name][0])
            else:
                log.warning("%s does not exist, cannot restart", name)
    return 1 if bad and not args.restart else 0


if __name__ == "__main__":
    raise SystemExit(main())
