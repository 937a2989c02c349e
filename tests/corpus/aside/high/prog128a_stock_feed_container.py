#!/usr/bin/env python3
"""Run the stock availability feed in a container on the depot server.

The web team ships the availability publisher as an image; this wrapper
pulls the tagged release, (re)creates the container with the depot's stock
and bookings exports mounted read-only, waits for the health endpoint and
prints the container's recent log on failure.

    stock_feed_container.py up --tag 2024.06.1
    stock_feed_container.py down
"""
import argparse
import logging
import os
import sys
import time
from pathlib import Path

import docker
import requests
from docker.errors import APIError, ImageNotFound, NotFound

log = logging.getLogger("stock_feed")

IMAGE = os.environ.get("STOCK_FEED_IMAGE", "registry.partyhire.example.com/web/stock-feed")
NAME = "stock-feed"
SOCKET = os.environ.get("DOCKER_SOCKET", "/var/run/docker.sock")


class FeedContainer:
    def __init__(self, data_dir, port):
        self.client = docker.DockerClient(base_url=f"unix://{SOCKET}", timeout=60)
        self.data_dir = Path(data_dir).resolve()
        self.port = port

    def pull(self, tag):
        ref = f"{IMAGE}:{tag}"
        log.info("pulling %s", ref)
        try:
            return self.client.images.pull(IMAGE, tag=tag)
        except APIError as exc:
            log.warning("pull failed (%s); trying local image", exc.explanation)
            return self.client.images.get(ref)

    def remove_existing(self):
        try:
            old = self.client.containers.get(NAME)
        except NotFound:
            return
        log.info("removing old container %s", old.short_id)
        old.stop(timeout=10)
        old.remove()

    def start(self, image):
        return self.client.containers.run(
            image.id,
            name=NAME,
            detach=True,
            environment={"AVAIL_DAYS": "60", "AVAIL_REFRESH": "120"},
            volumes={str(self.data_dir): {"bind": "/data", "mode": "ro"}},
            ports={"8040/tcp": ("127.0.0.1", self.port)},
            labels={"com.partyhire.role": "stock-feed"},
            mem_limit="256m",
        )

    def wait_healthy(self, container, timeout=60):
        url = f"http://127.0.0.1:{self.port}/availability.json"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if requests.get(url, timeout=3).ok:
                    return True
            except requests.RequestException:
                pass
            container.reload()
            if container.status == "exited":
                break
            time.sleep(2)
        log.error("feed did not become healthy; last log lines:\n%s",
                  container.logs(tail=30).decode(errors="replace"))
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("up")
    up.add_argument("--tag", default="latest")
    up.add_argument("--data", default="exports")
    up.add_argument("--port", type=int, default=8040)
    sub.add_parser("down")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        feed = FeedContainer(getattr(args, "data", "exports"), getattr(args, "port", 8040))
    except docker.errors.DockerException as exc:
        log.error("cannot talk to docker at %s: %s", SOCKET, exc)
        return 2

    if args.cmd == "down":
        feed.remove_existing()
        return 0

    try:
        image = feed.pull(args.tag)
    except ImageNotFound:
        log.error("image %s:%s not available", IMAGE, args.tag)
        return 1
    feed.remove_existing()
    container = feed.start(image)
    log.info("started %s (%s)", NAME, container.short_id)
    return 0 if feed.wait_healthy(container) else 1


if __name__ == "__main__":
    sys.exit(main())
