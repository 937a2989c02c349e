#!/usr/bin/env python3
"""Restart unhealthy warehouse containers on the ETL host.

The staging Postgres, the dbt runner and the Airflow scheduler run as Docker
containers labelled `rdw.component`.  When the nightly load reports a stuck
connection pool, on-call runs this tool: it queries the Docker Engine API
over the local socket (through curl, driven by a bash step with the request
in environment variables), finds containers whose health check is failing,
and restarts them.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time

DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"
LABEL = "rdw.component"

log = logging.getLogger("rdw-restart")

CURL_STEP = 'curl -sS --fail --unix-socket "$DOCKER_SOCK" -X "$REQ_METHOD" "$REQ_URL"'


class DockerSocketClient:
    def __init__(self, sock=DOCKER_SOCK, timeout=20):
        self.sock = sock
        self.timeout = timeout

    def _call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, REQ_METHOD=method, REQ_URL=f"{API}{path}")
        proc = subprocess.run(["bash", "-c", CURL_STEP], env=env, capture_output=True,
                              text=True, timeout=self.timeout)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path} failed: {proc.stderr.strip()}")
        return proc.stdout

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        from urllib.parse import quote
        return json.loads(self._call("GET", f"/containers/json?all=1&filters={quote(filters)}"))

    def inspect(self, cid):
        return json.loads(self._call("GET", f"/containers/{cid}/json"))

    def restart(self, cid, grace=30):
        self._call("POST", f"/containers/{cid}/restart?t={grace}")


def health_of(info):
    state = info.get("State", {})
    health = state.get("Health")
    if health:
        return health.get("Status", "unknown")
    return "running" if state.get("Running") else state.get("Status", "unknown")


def wait_healthy(client, cid, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        status = health_of(client.inspect(cid))
        if status in ("healthy", "running"):
            return status
        time.sleep(5)
    return health_of(client.inspect(cid))


def main():
    ap = argparse.ArgumentParser(description="Restart unhealthy RDW containers")
    ap.add_argument("--component", action="append",
                    help="only consider these rdw.component values")
    ap.add_argument("--grace", type=int, default=30)
    ap.add_argument("--wait", type=int, default=180)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not present", DOCKER_SOCK)
        return 1
    client = DockerSocketClient()

    try:
        found = client.containers(LABEL)
    except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
        log.error("cannot list containers: %s", exc)
        return 1

    restarted, failed = [], []
    for c in found:
        name = c["Names"][0].lstrip("/")
        component = c.get("Labels", {}).get(LABEL, "?")
        if args.component and component not in args.component:
            continue
        status = health_of(client.inspect(c["Id"]))
        log.info("%-28s component=%-12s status=%s", name, component, status)
        if status in ("healthy", "running"):
            continue
        if args.dry_run:
            log.info("would restart %s", name)
            continue
        try:
            client.restart(c["Id"], args.grace)
            final = wait_healthy(client, c["Id"], args.wait)
            (restarted if final in ("healthy", "running") else failed).append(name)
            log.info("%s after restart: %s", name, final)
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)
            failed.append(name)

    log.info("restarted=%s failed=%s", restarted, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
