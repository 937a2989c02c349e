#!/usr/bin/env python3
"""Run the USB thermal-probe reader container on the curing-room host."""
import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("probe-ctr")
SOCKET = "/var/run/docker.sock"

API_SH = r"""#!/bin/bash
curl -sS --unix-socket "$DOCKER_SOCK" -X "$API_METHOD" \
     -H 'Content-Type: application/json' \
     ${API_BODY:+--data "$API_BODY"} \
     "http://localhost/v1.43$API_PATH"
"""


def docker_api(method, path, body=None):
    env = dict(os.environ, DOCKER_SOCK=SOCKET, API_METHOD=method, API_PATH=path,
               API_BODY=json.dumps(body) if body is not None else "")
    res = subprocess.run(["bash", "-c", API_SH], env=env,
                         capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or "curl failed")
    out = res.stdout.strip()
    return json.loads(out) if out.startswith(("{", "[")) else out


class ProbeContainer:
    def __init__(self, name, image, interval):
        self.name = name
        self.image = image
        self.interval = interval

    def spec(self):
        return {
            "Image": self.image,
            "Env": [f"PROBE_INTERVAL={self.interval}"],
            "HostConfig": {
                "Privileged": True,
                "Binds": ["/dev/bus/usb:/dev/bus/usb", "/run/udev:/run/udev:ro"],
                "NetworkMode": "host",
            },
        }

    def remove_existing(self):
        try:
            docker_api("DELETE", f"/containers/{self.name}?force=true")
        except RuntimeError:
            pass

    def start(self):
        docker_api("POST", f"/images/create?fromImage={self.image}")
        created = docker_api("POST", f"/containers/create?name={self.name}",
                             self.spec())
        if not isinstance(created, dict) or "Id" not in created:
            raise RuntimeError(f"create failed: {created}")
        docker_api("POST", f"/containers/{created['Id']}/start")
        return created["Id"][:12]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.example.com/waxlab/probe-reader:2.3")
    ap.add_argument("--name", default="curing-probe")
    ap.add_argument("--interval", type=int, default=10)
    ap.add_argument("--replace", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(SOCKET):
        LOG.error("docker socket not found at %s", SOCKET)
        return 1
    ctr = ProbeContainer(args.name, args.image, args.interval)
    try:
        if args.replace:
            ctr.remove_existing()
        cid = ctr.start()
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
        LOG.error("could not start probe container: %s", exc)
        return 1
    LOG.info("probe container %s running as %s", args.name, cid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
