#!/usr/bin/env python3
"""Restart the order-tracker container when its health check goes bad.

The order tracking web app runs in Docker on the office PC. When the CNC
status feed hangs, the app stops answering; this talks to the Docker Engine
API over the local Docker socket, finds the container and restarts it.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tracker-restart")

DOCKER_SOCK = "/var/run/docker.sock"
STATUS_FILE = Path("./tracker_restart_status.json")
HEALTH_URL = "http://tracker.example.com:8080/health"

HEALTH_SCRIPT = r'''
for i in $(seq 1 "$TRACKER_TRIES"); do
    if curl -fsS --max-time 5 "$TRACKER_HEALTH_URL" >/dev/null; then
        echo "healthy after $i tries"
        exit 0
    fi
    sleep 3
done
echo "still not answering"
exit 1
'''


class DockerSocketClient:
    """Minimal HTTP/1.0 client for the Docker Engine API on a unix socket."""

    def __init__(self, path: str = DOCKER_SOCK, timeout: float = 30.0):
        self.path = path
        self.timeout = timeout

    def request(self, method: str, url: str) -> tuple:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        try:
            sock.connect(self.path)
            req = f"{method} {url} HTTP/1.0\r\nHost: docker\r\nContent-Length: 0\r\n\r\n"
            sock.sendall(req.encode())
            chunks = []
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                chunks.append(data)
        finally:
            sock.close()
        raw = b"".join(chunks)
        head, _, body = raw.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        return status, body

    def containers(self) -> list:
        status, body = self.request("GET", "/v1.41/containers/json?all=1")
        if status != 200:
            raise RuntimeError(f"list containers: HTTP {status}")
        return json.loads(body)

    def restart(self, cid: str, wait: int) -> None:
        status, body = self.request("POST", f"/v1.41/containers/{cid}/restart?t={wait}")
        if status != 204:
            raise RuntimeError(f"restart {cid[:12]}: HTTP {status} {body[:200]!r}")


def find_container(client: DockerSocketClient, name: str) -> dict:
    for c in client.containers():
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if name in names:
            return c
    raise LookupError(f"no container named {name}")


def write_status(name: str, action: str, state: str) -> None:
    STATUS_FILE.write_text(json.dumps({
        "container": name,
        "action": action,
        "state": state,
        "at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }, indent=2))


def verify_health(tries: int) -> bool:
    env = dict(os.environ, TRACKER_HEALTH_URL=HEALTH_URL, TRACKER_TRIES=str(tries))
    proc = subprocess.run(["bash", "-c", HEALTH_SCRIPT], env=env,
                          capture_output=True, text=True)
    LOG.info("health check: %s", proc.stdout.strip())
    return proc.returncode == 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="order-tracker")
    ap.add_argument("--wait", type=int, default=10, help="seconds before SIGKILL")
    ap.add_argument("--only-unhealthy", action="store_true",
                    help="restart only when Docker reports the container unhealthy")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = DockerSocketClient()
    try:
        container = find_container(client, args.name)
    except (OSError, RuntimeError, LookupError, ValueError) as exc:
        LOG.error("cannot inspect containers: %s", exc)
        return 1

    status_text = container.get("Status", "")
    LOG.info("%s is %s (%s)", args.name, container.get("State"), status_text)
    if args.only_unhealthy and "unhealthy" not in status_text:
        LOG.info("container healthy, nothing to do")
        write_status(args.name, "none", container.get("State", "unknown"))
        return 0
    if args.dry_run:
        LOG.info("dry run: would restart %s", container["Id"][:12])
        return 0

    try:
        client.restart(container["Id"], args.wait)
    except (OSError, RuntimeError) as exc:
        LOG.error("restart failed: %s", exc)
        write_status(args.name, "restart", "failed")
        return 1
    LOG.info("restarted %s", args.name)
    healthy = verify_health(tries=10)
    write_status(args.name, "restart", "ok" if healthy else "unhealthy")
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
