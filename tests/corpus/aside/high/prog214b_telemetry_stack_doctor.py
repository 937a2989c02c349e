#!/usr/bin/env python3
"""telemetry_stack_doctor.py - checks the containers of the telemetry
ingest stack (ais-ingest, nmea-parser, track-db, dashboard) through the
Docker Engine API and restarts the ones that are unhealthy or stopped."""

import argparse
import json
import logging
import os
import subprocess
import sys

DOCKER_SOCK = "/var/run/docker.sock"
STACK_LABEL = "com.example.fleet.stack=telemetry"
LOG = logging.getLogger("stack_doctor")


class DockerAPI:
    """Tiny Engine API client: curl over the unix socket, run through bash."""

    def __init__(self, sock, api_version="v1.41"):
        self.sock = sock
        self.prefix = f"http://localhost/{api_version}"

    def _call(self, method, path):
        cmd = 'curl -s --fail -m 30 --unix-socket "$DOCKER_SOCK" -X "$METHOD" "$URL"'
        env = dict(os.environ, DOCKER_SOCK=self.sock, METHOD=method,
                   URL=self.prefix + path)
        res = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"{method} {path} failed (curl rc={res.returncode})")
        return json.loads(res.stdout) if res.stdout.strip() else None

    def containers(self, label):
        filt = json.dumps({"label": [label]}).replace('"', "%22").replace(" ", "")
        return self._call("GET", f"/containers/json?all=1&filters={filt}")

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        return self._call("POST", f"/containers/{cid}/restart?t=15")

    def start(self, cid):
        return self._call("POST", f"/containers/{cid}/start")


class StackDoctor:
    def __init__(self, api, dry_run):
        self.api = api
        self.dry_run = dry_run
        self.report = []

    def check(self, summary):
        cid = summary["Id"][:12]
        name = summary["Names"][0].lstrip("/")
        state = summary["State"]
        health = None
        if state == "running":
            info = self.api.inspect(cid)
            health = (info.get("State", {}).get("Health") or {}).get("Status")
        action = None
        if state in ("exited", "dead", "created"):
            action = "start"
        elif health == "unhealthy":
            action = "restart"
        self.report.append({"name": name, "state": state, "health": health, "action": action})
        if action and not self.dry_run:
            LOG.info("%s %s (%s)", action, name, cid)
            getattr(self.api, action)(cid)

    def run(self, label):
        for summary in self.api.containers(label) or []:
            try:
                self.check(summary)
            except (RuntimeError, KeyError, IndexError) as exc:
                LOG.warning("could not handle container: %s", exc)
        return self.report


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    ap.add_argument("--label", default=STACK_LABEL)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    doctor = StackDoctor(DockerAPI(args.socket), args.dry_run)
    try:
        report = doctor.run(args.label)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for row in report:
            print(f"{row['name']:<24} {row['state']:<10} {row['health'] or '-':<10} {row['action'] or 'ok'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
