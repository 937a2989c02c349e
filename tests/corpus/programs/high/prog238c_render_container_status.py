#!/usr/bin/env python3
"""Check and restart the catalogue image render workers.

The render workers that produce web-size lot images run as containers on
the studio render box. This tool lists them through the local Docker
daemon, reports their state, and restarts any worker that has exited or
is marked unhealthy so the catalogue deadline is not missed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("render_status")
DOCKER_SOCKET = "/var/run/docker.sock"
WORKER_LABEL = "auction.role=render-worker"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP connection over a Unix domain socket."""

    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("docker", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, path: str):
        self.path = path

    def request(self, method: str, url: str):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url} -> {resp.status}: {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def workers(self):
        filters = json.dumps({"label": [WORKER_LABEL]})
        return self.request("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, container_id: str):
        self.request("POST", f"/containers/{container_id}/restart?t=20")


def needs_restart(container: dict) -> bool:
    state = container.get("State", "")
    status = container.get("Status", "")
    return state == "exited" or "unhealthy" in status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    parser.add_argument("--restart", action="store_true",
                        help="restart exited or unhealthy workers")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = DockerClient(args.socket)
    try:
        workers = client.workers()
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot query docker daemon: %s", exc)
        return 1

    if not workers:
        LOG.warning("no render workers found with label %s", WORKER_LABEL)
        return 1

    restarted = 0
    for worker in workers:
        name = (worker.get("Names") or ["?"])[0].lstrip("/")
        LOG.info("%-24s %-10s %s", name, worker.get("State"), worker.get("Status"))
        if args.restart and needs_restart(worker):
            try:
                client.restart(worker["Id"])
                restarted += 1
                LOG.info("restarted %s", name)
            except (OSError, RuntimeError) as exc:
                LOG.error("restart of %s failed: %s", name, exc)
    LOG.info("%d worker(s), %d restarted", len(workers), restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
