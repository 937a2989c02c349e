#!/usr/bin/env python3
"""Status probe for the containerised pay-by-plate services.

Talks to the local Docker Engine API over its unix socket to list the
`meter-*` containers, prints their health, and restarts unhealthy ones. The
restart goes through a generated shell helper using curl --unix-socket so
the same helper can be reused from the ops runbook.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

DOCKER_SOCK = "/var/run/docker.sock"
HELPER = Path("restart_container.sh")
HELPER_BODY = """#!/usr/bin/env bash
# restart one container through the Docker Engine API
set -euo pipefail
code=$(curl -s -o /dev/null -w '%{http_code}' --unix-socket "$DOCKER_SOCK" \\
    -X POST "http://localhost/containers/${CONTAINER_ID}/restart?t=${STOP_TIMEOUT:-10}")
echo "restart ${CONTAINER_NAME}: HTTP ${code}" >&2
[ "$code" = "204" ]
"""

log = logging.getLogger("container_probe")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class DockerClient:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def get(self, path):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"GET {path}: HTTP {resp.status}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self, prefix):
        items = self.get("/containers/json?all=1")
        return [c for c in items if any(n.lstrip("/").startswith(prefix) for n in c.get("Names", []))]

    def health(self, cid):
        info = self.get(f"/containers/{cid}/json")
        state = info.get("State", {})
        return state.get("Status"), state.get("Health", {}).get("Status", "none")


def restart(cid, name, timeout):
    if not HELPER.exists():
        HELPER.write_text(HELPER_BODY)
        HELPER.chmod(0o700)
    env = dict(os.environ, DOCKER_SOCK=DOCKER_SOCK, CONTAINER_ID=cid,
               CONTAINER_NAME=name, STOP_TIMEOUT=str(timeout))
    proc = subprocess.run(["bash", str(HELPER)], env=env, capture_output=True,
                          text=True, timeout=timeout + 30)
    log.info(proc.stderr.strip())
    return proc.returncode == 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--prefix", default="meter-")
    ap.add_argument("--restart-unhealthy", action="store_true")
    ap.add_argument("--stop-timeout", type=int, default=10)
    ap.add_argument("--json", action="store_true", help="print machine-readable output")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not present", DOCKER_SOCK)
        return 1
    client = DockerClient(DOCKER_SOCK)
    try:
        containers = client.containers(args.prefix)
    except (OSError, RuntimeError) as exc:
        log.error("cannot query docker: %s", exc)
        return 1

    report = []
    for c in containers:
        name = c["Names"][0].lstrip("/")
        try:
            status, health = client.health(c["Id"])
        except (OSError, RuntimeError) as exc:
            log.warning("%s: inspect failed: %s", name, exc)
            continue
        entry = {"name": name, "image": c.get("Image"), "status": status, "health": health}
        if args.restart_unhealthy and (health == "unhealthy" or status == "exited"):
            try:
                entry["restarted"] = restart(c["Id"], name, args.stop_timeout)
            except subprocess.TimeoutExpired:
                entry["restarted"] = False
        report.append(entry)

    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for e in report:
            extra = f" restarted={e['restarted']}" if "restarted" in e else ""
            print(f"{e['name']:<28} {e['status']:<10} {e['health']:<10}{extra}")
    return 0 if all(e["health"] != "unhealthy" for e in report) else 3


if __name__ == "__main__":
    sys.exit(main())
