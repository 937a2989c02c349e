#!/usr/bin/env python3
"""Status board for the harbour office's containerised services
(berth planner, dues billing, AIS decoder).

Talks to the local Docker engine directly and can restart a service
that has stopped.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("container_status")

DOCKER_SOCK = "/var/run/docker.sock"
WATCHED = ("berth-planner", "dues-billing", "ais-decoder", "tide-api")


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
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, url, body=json.dumps(body) if body else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self):
        return self.request("GET", "/containers/json?all=1")

    def restart(self, container_id):
        self.request("POST", f"/containers/{container_id}/restart?t=10")


def summarise(containers):
    rows = []
    for c in containers:
        name = c["Names"][0].lstrip("/") if c.get("Names") else c["Id"][:12]
        if not any(name.startswith(w) for w in WATCHED):
            continue
        rows.append((name, c.get("State", "?"), c.get("Status", ""), c["Id"]))
    return sorted(rows)


def print_table(rows):
    width = max((len(r[0]) for r in rows), default=10)
    print(f"{'SERVICE'.ljust(width)}  STATE     STATUS")
    for name, state, status, _ in rows:
        print(f"{name.ljust(width)}  {state.ljust(8)}  {status}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--restart-stopped", action="store_true",
                        help="restart watched services that are not running")
    parser.add_argument("--socket", default=DOCKER_SOCK)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = DockerEngine(args.socket)
    try:
        rows = summarise(engine.containers())
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach docker engine: %s", exc)
        return 1

    print_table(rows)
    if args.restart_stopped:
        for name, state, _status, cid in rows:
            if state != "running":
                log.info("restarting %s", name)
                try:
                    engine.restart(cid)
                except RuntimeError as exc:
                    log.error("restart of %s failed: %s", name, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
