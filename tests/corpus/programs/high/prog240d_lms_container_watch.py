#!/usr/bin/env python3
"""Watch the e-learning platform's containers on the school server.

Talks to the Docker Engine API on the local socket, lists the containers
that belong to the LMS stack, and restarts the ones that are unhealthy or
have exited. The table is piped through `column` for the morning report.
"""
import argparse
import http.client
import json
import logging
import socket
import subprocess
import sys
import time

DOCKER_SOCK = "/var/run/docker.sock"
STACK_LABEL = "com.docker.compose.project=lms"

log = logging.getLogger("lms_watch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class DockerClient:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def _request(self, method, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        return self._request("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self._request("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        self._request("POST", f"/containers/{cid}/restart?t=20")


def container_health(info):
    state = info.get("State", {})
    health = state.get("Health", {}).get("Status")
    return health or state.get("Status", "unknown")


def print_table(rows):
    text = "\n".join("\t".join(r) for r in rows) + "\n"
    try:
        out = subprocess.run(["bash", "-c", "column -t -s $'\\t'"], input=text,
                             capture_output=True, text=True, check=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        out = text
    print(out, end="")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--label", default=STACK_LABEL)
    p.add_argument("--restart", action="store_true",
                   help="restart unhealthy or exited containers")
    p.add_argument("--socket", default=DOCKER_SOCK)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = DockerClient(args.socket)
    try:
        containers = client.containers(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to Docker at %s: %s", args.socket, exc)
        return 1

    rows = [("NAME", "IMAGE", "STATE", "HEALTH")]
    bad = []
    for c in containers:
        name = c["Names"][0].lstrip("/")
        info = client.inspect(c["Id"])
        health = container_health(info)
        rows.append((name, c["Image"], c["State"], health))
        if health in ("unhealthy", "exited", "dead"):
            bad.append((c["Id"], name))
    print_table(rows)

    if not bad:
        log.info("all %d LMS containers look fine", len(containers))
        return 0
    if not args.restart:
        log.warning("%d container(s) need attention: %s", len(bad),
                    ", ".join(n for _, n in bad))
        return 3
    for cid, name in bad:
        try:
            client.restart(cid)
            log.info("restarted %s", name)
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)
        time.sleep(2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
