#!/usr/bin/env python3
"""Audit and heal the containerised telemetry services on an ingest host.

The regional ingest host runs the HL7 bridge, the telemetry parser and the
alarm forwarder as Docker containers. This tool asks the Docker engine
directly over its socket which of them are unhealthy and restarts those.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("container_audit")
DOCKER_SOCK = "/var/run/docker.sock"
LABEL = "org.example.dialysis.role"

CURL_SH = 'curl -sS --max-time 15 --unix-socket "$DOCKER_SOCK" -X "$METHOD" "http://localhost$API_PATH"'


class DockerAPI:
    def __init__(self, sock):
        self.sock = sock

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock, METHOD=method, API_PATH=path)
        res = subprocess.run(["bash", "-c", CURL_SH], env=env, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"{method} {path}: {res.stderr.strip()}")
        out = res.stdout.strip()
        return json.loads(out) if out else None

    def containers(self):
        filt = json.dumps({"label": [LABEL]})
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?all=1&filters={quote(filt)}") or []

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        self.call("POST", f"/containers/{cid}/restart?t=10")


def health_of(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "no-healthcheck")


def audit(api, heal, max_restarts):
    report, restarted = [], 0
    for c in api.containers():
        cid = c["Id"][:12]
        name = c.get("Names", ["?"])[0].lstrip("/")
        role = c.get("Labels", {}).get(LABEL, "?")
        try:
            status = health_of(api.inspect(cid))
        except (RuntimeError, json.JSONDecodeError) as exc:
            LOG.error("inspect %s failed: %s", name, exc)
            status = "unknown"
        report.append({"name": name, "role": role, "id": cid, "health": status})
        if status in ("unhealthy", "stopped") and heal:
            if restarted >= max_restarts:
                LOG.warning("restart budget exhausted, leaving %s", name)
                continue
            LOG.info("restarting %s (%s)", name, status)
            try:
                api.restart(cid)
                restarted += 1
            except RuntimeError as exc:
                LOG.error("restart of %s failed: %s", name, exc)
    return report, restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    ap.add_argument("--heal", action="store_true", help="restart unhealthy containers")
    ap.add_argument("--max-restarts", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    api = DockerAPI(args.socket)
    try:
        report, restarted = audit(api, args.heal, args.max_restarts)
    except (RuntimeError, json.JSONDecodeError) as exc:
        LOG.error("docker API error: %s", exc)
        return 1
    if args.json:
        print(json.dumps({"time": time.strftime("%FT%T"), "containers": report}, indent=2))
    else:
        for r in report:
            print(f"{r['name']:<28} {r['role']:<14} {r['health']}")
    LOG.info("%d containers checked, %d restarted", len(report), restarted)
    bad = [r for r in report if r["health"] in ("unhealthy", "stopped", "unknown")]
    return 3 if bad and not args.heal else 0


if __name__ == "__main__":
    sys.exit(main())
