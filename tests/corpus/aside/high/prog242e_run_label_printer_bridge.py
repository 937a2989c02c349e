#!/usr/bin/env python3
"""(Re)start the aftercare label printer bridge container at a studio.

The front desk prints aftercare labels (client name, date, artist, care
instructions) on a USB thermal printer. The bridge that turns booking-site
print jobs into printer commands runs as a container. This tool talks to the
local Docker daemon over its socket, pulls the pinned bridge image, replaces
any old bridge container and passes the printer device through.
"""

import argparse
import logging
import os
import sys
import time

import docker
from docker.errors import APIError, DockerException, ImageNotFound, NotFound

log = logging.getLogger("label_bridge")

DOCKER_SOCKET = "unix:///var/run/docker.sock"
IMAGE = "registry.example.com/studio/label-bridge"
CONTAINER_NAME = "aftercare-label-bridge"


class BridgeConfig:
    def __init__(self, args):
        self.tag = args.tag
        self.printer = args.printer
        self.studio = args.studio
        self.queue_url = args.queue_url
        self.port = args.port

    @property
    def image(self):
        return f"{IMAGE}:{self.tag}"

    def environment(self):
        return {
            "STUDIO": self.studio,
            "QUEUE_URL": self.queue_url,
            "PRINTER_DEVICE": "/dev/usb/lp0",
            "LABEL_WIDTH_MM": "62",
        }


def connect():
    client = docker.DockerClient(base_url=DOCKER_SOCKET, timeout=30)
    client.ping()
    return client


def pull_image(client, cfg):
    log.info("pulling %s", cfg.image)
    try:
        return client.images.pull(IMAGE, tag=cfg.tag)
    except APIError as exc:
        log.warning("pull failed (%s); trying local image", exc.explanation)
        return client.images.get(cfg.image)


def remove_old(client):
    try:
        old = client.containers.get(CONTAINER_NAME)
    except NotFound:
        return
    log.info("stopping old bridge %s (%s)", old.short_id, old.status)
    old.stop(timeout=10)
    old.remove()


def start_bridge(client, cfg):
    if not os.path.exists(cfg.printer):
        log.warning("printer %s not present; container will wait for it", cfg.printer)
    container = client.containers.run(
        cfg.image,
        name=CONTAINER_NAME,
        detach=True,
        environment=cfg.environment(),
        devices=[f"{cfg.printer}:/dev/usb/lp0:rw"],
        ports={"9100/tcp": ("127.0.0.1", cfg.port)},
        mem_limit="128m",
    )
    for _ in range(15):
        container.reload()
        if container.status == "running":
            return container
        time.sleep(1)
    logs = container.logs(tail=40).decode(errors="replace")
    raise RuntimeError(f"bridge did not start:\n{logs}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--studio", required=True)
    ap.add_argument("--tag", default="2.4.1")
    ap.add_argument("--printer", default="/dev/usb/lp0")
    ap.add_argument("--queue-url", default="https://booking.example.com/api/print-queue")
    ap.add_argument("--port", type=int, default=9100)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = BridgeConfig(args)
    try:
        client = connect()
        pull_image(client, cfg)
        remove_old(client)
        container = start_bridge(client, cfg)
    except ImageNotFound:
        log.error("image %s not available locally or in the registry", cfg.image)
        return 1
    except (DockerException, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    log.info("bridge %s running for studio %s on 127.0.0.1:%d",
             container.short_id, cfg.studio, cfg.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
