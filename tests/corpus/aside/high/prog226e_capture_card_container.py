#!/usr/bin/env python3
"""Start the live-capture container for the dome's SDI capture card.

Live events (eclipse streams, guest talks) are captured by an SDI card and
fed into the dome compositor. The capture software ships as a container that
needs direct access to the card, so it runs privileged. This tool talks to
the Docker Engine API over the local docker socket to (re)create it.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("capture-container")

SOCKET = "/var/run/docker.sock"
API = "http://localhost/v1.43"
DEFAULT_IMAGE = "registry.example.com/dome/sdi-capture:2.3"
NAME = "dome-sdi-capture"

CALL_SCRIPT = """#!/bin/bash
# docker engine call via unix socket; method/path/body come from the environment
set -euo pipefail
if [ -n "${DOCKER_BODY:-}" ]; then
  curl -sS --unix-socket "$DOCKER_SOCK" -X "$DOCKER_METHOD" \\
       -H 'Content-Type: application/json' -d "$DOCKER_BODY" "$DOCKER_API$DOCKER_PATH"
else
  curl -sS --unix-socket "$DOCKER_SOCK" -X "$DOCKER_METHOD" "$DOCKER_API$DOCKER_PATH"
fi
"""


class DockerSocket:
    def __init__(self, sock):
        self.sock = sock
        fd, self.script = tempfile.mkstemp(prefix="dockercall-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(CALL_SCRIPT)
        os.chmod(self.script, 0o700)

    def call(self, method, path, body=None):
        env = dict(os.environ, DOCKER_SOCK=self.sock, DOCKER_API=API,
                   DOCKER_METHOD=method, DOCKER_PATH=path,
                   DOCKER_BODY=json.dumps(body) if body is not None else "")
        proc = subprocess.run(["bash", self.script], env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{method} {path}: {proc.stderr.strip()}")
        out = proc.stdout.strip()
        if not out:
            return {}
        try:
            return json.loads(out)
        except ValueError:
            return {"raw": out}

    def close(self):
        try:
            os.unlink(self.script)
        except OSError:
            pass


def container_spec(image, devices, ndi_group):
    return {
        "Image": image,
        "Env": [f"NDI_GROUP={ndi_group}", "CAPTURE_FORMAT=2160p30"],
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Devices": [
                {"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
                for d in devices
            ],
            "AutoRemove": True,
        },
    }


def find_devices():
    found = [f"/dev/{n}" for n in sorted(os.listdir("/dev")) if n.startswith(("video", "blackmagic"))]
    return found or ["/dev/video0"]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--ndi-group", default="dome")
    ap.add_argument("--socket", default=SOCKET)
    ap.add_argument("--stop", action="store_true", help="only stop and remove the container")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    docker = DockerSocket(args.socket)
    try:
        existing = docker.call("GET", f"/containers/json?all=1&filters=%7B%22name%22%3A%5B%22{NAME}%22%5D%7D")
        if isinstance(existing, list) and existing:
            LOG.info("removing existing %s", NAME)
            docker.call("DELETE", f"/containers/{NAME}?force=1")
        if args.stop:
            return 0
        devices = find_devices()
        LOG.info("capture devices: %s", ", ".join(devices))
        created = docker.call("POST", f"/containers/create?name={NAME}",
                              container_spec(args.image, devices, args.ndi_group))
        cid = created.get("Id")
        if not cid:
            LOG.error("create failed: %s", created)
            return 1
        docker.call("POST", f"/containers/{cid}/start")
        LOG.info("started %s (%s)", NAME, cid[:12])
    except RuntimeError as exc:
        LOG.error("docker API error: %s", exc)
        return 1
    finally:
        docker.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
