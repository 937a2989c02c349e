#!/usr/bin/env python3
"""ticket_scanner_containers.py

Watchdog for the scanner-gateway containers on the gate server. It asks the
Docker Engine API on /var/run/docker.sock for the gateway containers,
restarts the unhealthy ones, and can start a replacement gateway as a
privileged container so it can reach the USB barcode readers.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from urllib.parse import quote

DOCKER_SOCK = "/var/run/docker.sock"
LABEL = "festival.role=scanner-gateway"
IMAGE = "registry.example.com/fest/scanner-gateway:2024.6"

# curl is used for the socket calls; method, path and body come in via env.
CURL_SNIPPET = r'''
curl -sS --fail --globoff --unix-socket "$DOCKER_SOCK" -X "$API_METHOD" \
     -H "Content-Type: application/json" \
     ${API_BODY:+--data "$API_BODY"} \
     "http://localhost/v1.43$API_PATH"
'''

log = logging.getLogger("scanner-watchdog")


class DockerAPI:
    def __init__(self, sock=DOCKER_SOCK):
        if not os.path.exists(sock):
            raise FileNotFoundError(f"docker socket {sock} not found")
        self.sock = sock

    def call(self, method, path, body=None):
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_METHOD=method,
                   API_PATH=path, API_BODY=json.dumps(body) if body else "")
        proc = subprocess.run(["bash", "-c", CURL_SNIPPET], env=env,
                              capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path}: {proc.stderr.strip()}")
        out = proc.stdout.strip()
        return json.loads(out) if out else None

    def gateways(self):
        filters = quote(json.dumps({"label": [LABEL]}))
        return self.call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        self.call("POST", f"/containers/{cid}/restart?t=10")

    def run_privileged(self, name, gate):
        spec = {
            "Image": IMAGE,
            "Env": [f"GATE_ID={gate}"],
            "Labels": {"festival.role": "scanner-gateway", "festival.gate": gate},
            "HostConfig": {
                "Privileged": True,
                "Binds": ["/dev/bus/usb:/dev/bus/usb"],
                "NetworkMode": "host",
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def health_of(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "unknown")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Keep scanner gateways healthy")
    ap.add_argument("--spawn", metavar="GATE", action="append", default=[],
                    help="start a privileged gateway for this gate id")
    ap.add_argument("--loop", type=int, default=0, help="repeat every N seconds")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        api = DockerAPI()
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1

    for gate in args.spawn:
        cid = api.run_privileged(f"scanner-gw-{gate.lower()}", gate)
        log.info("started privileged gateway for gate %s: %s", gate, cid[:12])

    while True:
        try:
            for c in api.gateways() or []:
                name = c["Names"][0].lstrip("/")
                status = health_of(api.inspect(c["Id"]))
                log.info("%-24s %s", name, status)
                if status in ("unhealthy", "stopped"):
                    api.restart(c["Id"])
                    log.info("restarted %s", name)
        except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
            log.error("docker API error: %s", exc)
        if not args.loop:
            break
        time.sleep(args.loop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
