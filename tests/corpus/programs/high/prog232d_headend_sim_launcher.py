#!/usr/bin/env python3
"""Start, stop or inspect the headend simulator container on a bench PC.

Talks straight to the Docker Engine API over the local socket (the bench
images have no docker CLI), so the provisioning engineers can bring up a
simulated DVB-S2 headend with a given channel lineup.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example.com/stb/headend-sim:2.3"
NAME = "headend-sim"
log = logging.getLogger("headend-sim")

API_SCRIPT = r"""#!/usr/bin/env bash
set -euo pipefail
api() {  # api METHOD PATH [json-body-file]
  local method="$1" path="$2" body="${3:-}"
  if [ -n "$body" ]; then
    curl -sS --unix-socket "$SIM_SOCK" -X "$method" -H 'Content-Type: application/json' \
         --data-binary @"$body" "http://localhost/v1.43$path"
  else
    curl -sS --unix-socket "$SIM_SOCK" -X "$method" "http://localhost/v1.43$path"
  fi
}
case "$SIM_ACTION" in
  start)
    api POST "/images/create?fromImage=${SIM_IMAGE%:*}&tag=${SIM_IMAGE##*:}" >/dev/null
    api DELETE "/containers/$SIM_NAME?force=true" >/dev/null 2>&1 || true
    api POST "/containers/create?name=$SIM_NAME" "$SIM_BODY"
    echo
    api POST "/containers/$SIM_NAME/start"
    ;;
  stop)
    api POST "/containers/$SIM_NAME/stop?t=10"
    ;;
  status)
    api GET "/containers/$SIM_NAME/json"
    ;;
esac
"""


class SimConfig:
    def __init__(self, lineup, port, mux_count):
        self.lineup = os.path.abspath(lineup)
        self.port = port
        self.mux_count = mux_count

    def create_body(self, image):
        return {
            "Image": image,
            "Env": [f"SIM_MUX_COUNT={self.mux_count}", "SIM_LINEUP=/lineup/lineup.json"],
            "ExposedPorts": {"8554/tcp": {}},
            "HostConfig": {
                "Binds": [f"{self.lineup}:/lineup/lineup.json:ro"],
                "PortBindings": {"8554/tcp": [{"HostIp": "127.0.0.1",
                                               "HostPort": str(self.port)}]},
                "RestartPolicy": {"Name": "no"},
            },
            "Labels": {"team": "stb-provisioning"},
        }


def call_api(action, body=None, image=IMAGE):
    tmpfiles = []
    fd, script = tempfile.mkstemp(prefix="simapi_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(API_SCRIPT)
    tmpfiles.append(script)
    env = dict(os.environ, SIM_SOCK=DOCKER_SOCK, SIM_ACTION=action,
               SIM_IMAGE=image, SIM_NAME=NAME, SIM_BODY="")
    if body is not None:
        bfd, bpath = tempfile.mkstemp(prefix="simbody_", suffix=".json")
        with os.fdopen(bfd, "w") as fh:
            json.dump(body, fh)
        env["SIM_BODY"] = bpath
        tmpfiles.append(bpath)
    try:
        return subprocess.run(["bash", script], env=env, capture_output=True,
                              text=True, timeout=300)
    finally:
        for path in tmpfiles:
            os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["start", "stop", "status"])
    ap.add_argument("--lineup", default="./lineup.json", help="channel lineup JSON")
    ap.add_argument("--port", type=int, default=8554)
    ap.add_argument("--mux-count", type=int, default=6)
    ap.add_argument("--image", default=IMAGE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        log.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    body = None
    if args.action == "start":
        if not os.path.isfile(args.lineup):
            log.error("lineup file %s missing", args.lineup)
            return 2
        body = SimConfig(args.lineup, args.port, args.mux_count).create_body(args.image)
    proc = call_api(args.action, body, args.image)
    if proc.returncode != 0:
        log.error("docker API call failed: %s", proc.stderr.strip())
        return 1
    if args.action == "status":
        try:
            state = json.loads(proc.stdout).get("State", {})
            log.info("%s: %s (started %s)", NAME, state.get("Status"), state.get("StartedAt"))
        except ValueError:
            log.info("%s", proc.stdout.strip())
    else:
        log.info("%s %s done %s", NAME, args.action, proc.stdout.strip()[:120])
    return 0


if __name__ == "__main__":
    sys.exit(main())
