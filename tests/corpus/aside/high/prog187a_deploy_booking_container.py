#!/usr/bin/env python3
"""(Re)deploy the booking app container on the back-office PC.

The label printer for product stock and the receipt printer are USB, so
the container is started privileged with /dev passed through.
"""
import argparse
import logging
import os
import sys

import docker
from docker.errors import APIError, NotFound

log = logging.getLogger("deploy_booking")

IMAGE = os.environ.get("BOOKING_IMAGE", "registry.example.com/sharpco/chairbook:latest")
NAME = "chairbook"
DATA_DIR = os.environ.get("BOOKING_DATA", os.path.expanduser("~/chairbook-data"))
DOCKER_SOCK = "unix:///var/run/docker.sock"


def get_client():
    return docker.DockerClient(base_url=DOCKER_SOCK, timeout=60)


def pull(client, image):
    log.info("pulling %s", image)
    repo, _, tag = image.rpartition(":")
    client.images.pull(repo, tag=tag or "latest")


def stop_existing(client):
    try:
        old = client.containers.get(NAME)
    except NotFound:
        return
    log.info("stopping old container %s", old.short_id)
    old.stop(timeout=20)
    old.remove()


def start(client, image, port):
    os.makedirs(DATA_DIR, exist_ok=True)
    container = client.containers.run(
        image,
        name=NAME,
        detach=True,
        privileged=True,
        restart_policy={"Name": "unless-stopped"},
        ports={"8080/tcp": ("127.0.0.1", port)},
        volumes={
            DATA_DIR: {"bind": "/data", "mode": "rw"},
            "/dev/bus/usb": {"bind": "/dev/bus/usb", "mode": "rw"},
        },
        environment={
            "SHOP_NAME": os.environ.get("SHOP_NAME", "Sharp & Co. Barbers"),
            "TZ": "Europe/London",
        },
    )
    log.info("started %s (%s)", container.name, container.short_id)
    return container


def main():
    parser = argparse.ArgumentParser(description="Deploy the booking container")
    parser.add_argument("--image", default=IMAGE)
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--no-pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        client = get_client()
        client.ping()
    except Exception as exc:  # noqa: BLE001
        log.error("cannot reach docker at %s: %s", DOCKER_SOCK, exc)
        return 1

    try:
        if not args.no_pull:
            pull(client, args.image)
        stop_existing(client)
        start(client, args.image, args.port)
    except APIError as exc:
        log.error("docker error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
