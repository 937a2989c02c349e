#!/usr/bin/env python3
"""Check and recover the local ledger read-replica container.

Reconciliation reports read from a Postgres replica that runs in a container
on the batch host. When the replica lags or has exited, this tool finds it
through the Docker Engine API and restarts it.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("ledger_replica_docker")

DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks to the Docker daemon over its unix socket."""

    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerClient:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def _request(self, method: str, path: str):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {body[:200]!r}")
        return json.loads(body) if body else None

    def containers(self, name_filter: str) -> list:
        filters = json.dumps({"name": [name_filter]})
        return self._request("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, container_id: str) -> None:
        self._request("POST", f"/containers/{container_id}/restart?t=30")


def describe(c: dict) -> str:
    names = ",".join(n.lstrip("/") for n in c.get("Names", []))
    return f"{names} [{c.get('Id', '')[:12]}] state={c.get('State')} status={c.get('Status')}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--name", default="ledger-replica")
    parser.add_argument("--socket", default=DOCKER_SOCK)
    parser.add_argument("--restart", action="store_true",
                        help="restart the replica if it is not running")
    parser.add_argument("--force", action="store_true",
                        help="restart even if it is running")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = DockerClient(args.socket)
    try:
        found = client.containers(args.name)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot query docker: %s", exc)
        return 2

    if not found:
        LOG.error("no container matching %r", args.name)
        return 1

    rc = 0
    for c in found:
        LOG.info("found %s", describe(c))
        running = c.get("State") == "running"
        if running and not args.force:
            continue
        if not args.restart:
            LOG.warning("%s is not running (use --restart)", c["Id"][:12])
            rc = 1
            continue
        try:
            client.restart(c["Id"])
            LOG.info("restarted %s", c["Id"][:12])
        except (OSError, RuntimeError) as exc:
            LOG.error("restart failed: %s", exc)
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
