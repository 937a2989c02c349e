#!/usr/bin/env python3
"""Run the all-sky camera capture stack as a container.

The capture software needs the USB camera and the GPIO dew heater, so the
container is started with device access.  Images land in ./allsky_images
for the public website to pick up.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

import docker
from docker.errors import APIError, NotFound

LOG = logging.getLogger("allsky-container")

SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")

SPEC = {
    "name": "allsky-capture",
    "image": os.environ.get("ALLSKY_IMAGE", "registry.hilltop-observatory.example/allsky:2.4"),
    "env": {"ALLSKY_LAT": "51.48", "ALLSKY_LON": "-0.01", "ALLSKY_EXPOSURE_MAX": "30"},
    "devices": ["/dev/bus/usb:/dev/bus/usb", "/dev/gpiomem:/dev/gpiomem"],
    "restart": {"Name": "unless-stopped"},
}


def client():
    return docker.DockerClient(base_url=SOCKET, timeout=30)


def volumes(image_dir):
    image_dir.mkdir(parents=True, exist_ok=True)
    return {str(image_dir.resolve()): {"bind": "/data/images", "mode": "rw"}}


def existing(cli):
    try:
        return cli.containers.get(SPEC["name"])
    except NotFound:
        return None


def start(cli, image_dir, pull):
    if pull:
        LOG.info("pulling %s", SPEC["image"])
        cli.images.pull(SPEC["image"])
    current = existing(cli)
    if current is not None:
        LOG.info("removing old container %s (%s)", current.short_id, current.status)
        current.remove(force=True)
    container = cli.containers.run(
        SPEC["image"],
        name=SPEC["name"],
        detach=True,
        privileged=True,
        devices=SPEC["devices"],
        environment=SPEC["env"],
        volumes=volumes(image_dir),
        restart_policy=SPEC["restart"],
    )
    LOG.info("started %s", container.short_id)
    return container


def stop(cli):
    current = existing(cli)
    if current is None:
        LOG.info("nothing to stop")
        return
    current.stop(timeout=20)
    LOG.info("stopped %s", current.short_id)


def status(cli, lines):
    current = existing(cli)
    if current is None:
        print("not running")
        return
    print("%s %s" % (current.name, current.status))
    tail = current.logs(tail=lines).decode(errors="replace")
    print(tail)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["start", "stop", "status"])
    ap.add_argument("--images", type=Path, default=Path("allsky_images"))
    ap.add_argument("--pull", action="store_true")
    ap.add_argument("--lines", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cli = client()
        if args.action == "start":
            start(cli, args.images, args.pull)
        elif args.action == "stop":
            stop(cli)
        else:
            status(cli, args.lines)
    except APIError as exc:
        LOG.error("docker error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
