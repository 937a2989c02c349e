#!/usr/bin/env python3
"""dispatch_container_status.py - check and restart the dispatch stack containers.

Talks to the local Docker engine over its unix socket (via curl in a bash
subprocess), lists the containers labelled app=taxi-dispatch, reports their
health and restarts the unhealthy ones unless --report-only is given.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import urllib.parse

LOG = logging.getLogger("container_status")
DOCKER_SOCK = "/var/run/docker.sock"
API = "http://localhost/v1.43"

CURL_TEMPLATE = r'''
set -euo pipefail
curl -s --max-time 30 --unix-socket "$DOCKER_SOCK" -X "$METHOD" "$API_URL"
'''


class DockerClient:
    def __init__(self, sock=DOCKER_SOCK):
        if not os.path.exists(sock):
            raise FileNotFoundError(f"docker socket not found: {sock}")
        self.sock = sock

    def call(self, method, path, query=None):
        url = API + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        env = dict(os.environ, DOCKER_SOCK=self.sock, METHOD=method, API_URL=url)
        LOG.debug("%s %s", method, url)
        proc = subprocess.run(["bash", "-c", CURL_TEMPLATE], env=env,
                              capture_output=True, text=True, timeout=45)
        if proc.returncode != 0:
            raise RuntimeError(f"curl failed: {proc.stderr.strip()}")
        body = proc.stdout.strip()
        return json.loads(body) if body else None

    def list_dispatch(self):
        filters = json.dumps({"label": ["app=taxi-dispatch"]})
        return self.call("GET", "/containers/json", {"all": "1", "filters": filters})

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, timeout=10):
        return self.call("POST", f"/containers/{cid}/restart", {"t": str(timeout)})


def container_health(info):
    state = info.get("State", {})
    health = (state.get("Health") or {}).get("Status")
    if state.get("Status") != "running":
        return state.get("Status", "unknown")
    return health or "running"


def main(argv=None):
    p = argparse.ArgumentParser(description="dispatch stack container status")
    p.add_argument("--report-only", action="store_true")
    p.add_argument("--max-restarts", type=int, default=2)
    p.add_argument("--json", action="store_true", help="print JSON report")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        client = DockerClient()
        containers = client.list_dispatch() or []
    except (FileNotFoundError, RuntimeError, ValueError) as exc:
        LOG.error("cannot query docker: %s", exc)
        return 1

    report, restarted = [], 0
    for c in containers:
        cid = c["Id"][:12]
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        try:
            status = container_health(client.inspect(cid))
        except (RuntimeError, ValueError) as exc:
            LOG.warning("inspect %s failed: %s", name, exc)
            status = "unknown"
        entry = {"id": cid, "name": name, "image": c.get("Image"), "status": status}
        if status in ("unhealthy", "exited", "dead") and not args.report_only:
            if restarted < args.max_restarts:
                LOG.info("restarting %s (%s)", name, status)
                client.restart(cid)
                restarted += 1
                entry["action"] = "restarted"
            else:
                entry["action"] = "skipped (restart budget used)"
        report.append(entry)

    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for e in report:
            print(f"{e['name']:<28}{e['status']:<12}{e.get('action', '')}")
    LOG.info("%d containers checked, %d restarted", len(report), restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
