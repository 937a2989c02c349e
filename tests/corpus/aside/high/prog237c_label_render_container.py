#!/usr/bin/env python3
"""Label render container manager.

The refill label renderer (turns refill orders into ZPL) runs as a container
on each print station. This tool checks the running container through the
Docker API socket and recreates it with direct access to the USB printers
when it is missing, unhealthy or on an old image.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("render-ctl")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example.com/pharmacy/label-render"
NAME = "rx-label-render"

INSPECT_CMD = ('curl -sS --unix-socket "$DOCKER_SOCK" '
               '"http://localhost/v1.43/containers/$CNAME/json"')

RUN_SCRIPT = r'''
set -e
docker rm -f "$CNAME" >/dev/null 2>&1 || true
docker pull "$IMAGE:$TAG"
docker run -d --name "$CNAME" \
    --privileged \
    -v /dev/bus/usb:/dev/bus/usb \
    -v "$SPOOL_DIR":/spool \
    -e RX_STORE_ID="$RX_STORE_ID" \
    -p 127.0.0.1:8631:8631 \
    "$IMAGE:$TAG"
'''


def sh(script, **extra):
    env = dict(os.environ, DOCKER_SOCK=DOCKER_SOCK, CNAME=NAME, IMAGE=IMAGE, **extra)
    return subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)


def inspect():
    proc = sh(INSPECT_CMD)
    if proc.returncode != 0:
        raise RuntimeError(f"docker socket not reachable: {proc.stderr.strip()}")
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise RuntimeError("unexpected reply from docker API")
    if "message" in data and "State" not in data:
        return None
    return data


def needs_recreate(info, tag):
    if info is None:
        LOG.info("container %s does not exist", NAME)
        return True
    state = info.get("State", {})
    health = state.get("Health", {}).get("Status", "none")
    image = info.get("Config", {}).get("Image", "")
    LOG.info("container status=%s health=%s image=%s", state.get("Status"), health, image)
    if not state.get("Running"):
        return True
    if health == "unhealthy":
        return True
    if image != f"{IMAGE}:{tag}":
        LOG.info("image differs from wanted tag %s", tag)
        return True
    return False


def recreate(tag, spool):
    os.makedirs(spool, exist_ok=True)
    LOG.info("recreating %s from %s:%s", NAME, IMAGE, tag)
    proc = sh(RUN_SCRIPT, TAG=tag, SPOOL_DIR=spool,
              RX_STORE_ID=os.environ.get("RX_STORE_ID", "0000"))
    if proc.returncode != 0:
        LOG.error("docker run failed: %s", proc.stderr.strip())
        return False
    LOG.info("started container %s", proc.stdout.strip()[:12])
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tag", default=os.environ.get("RENDER_TAG", "stable"))
    ap.add_argument("--spool", default=os.path.abspath("spool"))
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        info = inspect()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2

    if not (args.force or needs_recreate(info, args.tag)):
        LOG.info("renderer healthy, nothing to do")
        return 0
    if args.check_only:
        LOG.info("recreate needed (check only)")
        return 1
    return 0 if recreate(args.tag, args.spool) else 1


if __name__ == "__main__":
    sys.exit(main())
