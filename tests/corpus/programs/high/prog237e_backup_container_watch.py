#!/usr/bin/env python3
"""Watchdog for the backup containers on the studio NAS host.

The NAS host runs the nightly rsync and restic jobs in containers. This
checks their state through the Docker engine socket and restarts any
backup container that has exited or reports itself unhealthy.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse

LOG = logging.getLogger("backup_watch")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")

API_HELPER = r"""#!/bin/bash
# usage: helper METHOD PATH
set -eu
curl -sS --fail --max-time 20 --unix-socket "$DOCKER_SOCK" \
     -X "$1" "http://localhost/v1.43$2"
"""


class DockerAPI:
    def __init__(self, sock):
        self.sock = sock
        fd, self.helper = tempfile.mkstemp(prefix="dockapi_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(API_HELPER)
        os.chmod(self.helper, 0o700)

    def close(self):
        if os.path.exists(self.helper):
            os.unlink(self.helper)

    def call(self, method, path):
        env = dict(os.environ, DOCKER_SOCK=self.sock)
        proc = subprocess.run(["bash", self.helper, method, path], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path}: {proc.stderr.strip()}")
        return json.loads(proc.stdout) if proc.stdout.strip() else None

    def containers(self, label):
        filt = urllib.parse.quote(json.dumps({"label": [label]}))
        return self.call("GET", f"/containers/json?all=true&filters={filt}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        return self.call("POST", f"/containers/{cid}/restart?t=30")


def needs_restart(info):
    state = info.get("State", {})
    if state.get("Status") in ("exited", "dead"):
        return state.get("ExitCode", 0) != 0
    return state.get("Health", {}).get("Status") == "unhealthy"


def check_once(api, label, dry_run):
    restarted = 0
    for c in api.containers(label) or []:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        try:
            info = api.inspect(c["Id"])
        except (RuntimeError, ValueError) as exc:
            LOG.warning("inspect %s failed: %s", name, exc)
            continue
        if not needs_restart(info):
            LOG.debug("%s ok (%s)", name, info["State"].get("Status"))
            continue
        LOG.warning("%s needs restart (%s)", name, info["State"].get("Status"))
        if dry_run:
            continue
        try:
            api.restart(c["Id"])
            restarted += 1
            LOG.info("%s restarted", name)
        except RuntimeError as exc:
            LOG.error("restart %s failed: %s", name, exc)
    return restarted


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default="studio.role=backup")
    ap.add_argument("--interval", type=int, default=0,
                    help="seconds between checks; 0 checks once")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 1
    api = DockerAPI(DOCKER_SOCK)
    try:
        while True:
            try:
                n = check_once(api, args.label, args.dry_run)
                LOG.info("check done, %d restarted", n)
            except (RuntimeError, ValueError) as exc:
                LOG.error("check failed: %s", exc)
            if args.interval <= 0:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        api.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
