#!/usr/bin/env python3
"""Audit the containers running on a branch edge server.

Branch edge servers run the queue-ticket display, the ATM journal relay
and a local metrics agent as containers.  This tool talks to the Docker
engine over its socket (through curl, which is on every edge image), lists
the containers, flags the unhealthy ones and can restart them.
"""

import argparse
import csv
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("branch-container-audit")

DOCKER_SOCK = "/var/run/docker.sock"

CURL_STEP = r'''
set -e
curl -sS --max-time 15 --unix-socket "$DOCKER_SOCK" \
     -X "$API_METHOD" "http://docker$API_PATH"
'''


class DockerAPI:
    def __init__(self, sock):
        self.sock = sock
        if not os.path.exists(sock):
            raise FileNotFoundError(f"docker socket {sock} not found")

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_METHOD=method,
                   API_PATH=path)
        proc = subprocess.run(["bash", "-c", CURL_STEP], env=env,
                              capture_output=True, text=True, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path}: {proc.stderr.strip()}")
        return proc.stdout

    def containers(self):
        return json.loads(self.call("GET", "/containers/json?all=1"))

    def inspect(self, cid):
        return json.loads(self.call("GET", f"/containers/{cid}/json"))

    def restart(self, cid):
        self.call("POST", f"/containers/{cid}/restart?t=10")


def summarise(api):
    rows = []
    for c in api.containers():
        cid = c["Id"][:12]
        details = api.inspect(cid)
        state = details.get("State", {})
        health = state.get("Health", {}).get("Status", "none")
        rows.append({
            "id": cid,
            "name": (c.get("Names") or ["?"])[0].lstrip("/"),
            "image": c.get("Image", "?"),
            "state": state.get("Status", "?"),
            "health": health,
            "restarts": details.get("RestartCount", 0),
            "privileged": details.get("HostConfig", {}).get("Privileged", False),
        })
    return rows


def needs_restart(row):
    return row["state"] in ("exited", "dead") or row["health"] == "unhealthy"


def write_csv(rows, path):
    if not rows:
        return
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--restart-unhealthy", action="store_true")
    ap.add_argument("--csv", default="branch_containers.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        api = DockerAPI(args.socket)
        rows = summarise(api)
    except (FileNotFoundError, RuntimeError, ValueError) as exc:
        LOG.error("audit failed: %s", exc)
        return 2

    for row in rows:
        flag = " <- needs attention" if needs_restart(row) else ""
        if row["privileged"]:
            flag += " [privileged]"
        LOG.info("%-24s %-10s %-10s%s", row["name"], row["state"], row["health"], flag)

    if args.restart_unhealthy:
        for row in filter(needs_restart, rows):
            try:
                api.restart(row["id"])
                LOG.info("restarted %s", row["name"])
            except RuntimeError as exc:
                LOG.error("restart of %s failed: %s", row["name"], exc)

    write_csv(rows, args.csv)
    LOG.info("%d container(s) written to %s", len(rows), args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
