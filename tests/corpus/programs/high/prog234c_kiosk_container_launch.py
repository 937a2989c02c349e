#!/usr/bin/env python3
"""Launch the check-in kiosk stack on a front-desk box.

The kiosk app ships as a container image. It needs direct access to the
barcode scanner and the receipt printer, so the vendor's run sheet says to
start it privileged with the host's /dev mapped in. This launcher talks to the
local Docker daemon over its socket, replaces any old kiosk container and
waits for the health check.
"""

import argparse
import logging
import sys
import time

import docker
from docker.errors import APIError, DockerException, NotFound

LOG = logging.getLogger("kiosk-launch")
DOCKER_SOCKET = "unix:///var/run/docker.sock"
CONTAINER_NAME = "checkin-kiosk"


class KioskLauncher:
    def __init__(self, image, site, port):
        self.client = docker.DockerClient(base_url=DOCKER_SOCKET)
        self.image = image
        self.site = site
        self.port = port

    def pull(self):
        LOG.info("pulling %s", self.image)
        self.client.images.pull(self.image)

    def remove_old(self):
        try:
            old = self.client.containers.get(CONTAINER_NAME)
        except NotFound:
            return
        LOG.info("stopping old container %s", old.short_id)
        old.stop(timeout=10)
        old.remove()

    def start(self):
        container = self.client.containers.run(
            self.image,
            name=CONTAINER_NAME,
            detach=True,
            privileged=True,
            network_mode="host",
            volumes={"/dev": {"bind": "/dev", "mode": "rw"}},
            environment={"KIOSK_SITE": self.site,
                         "KIOSK_PORT": str(self.port)},
        )
        LOG.info("started %s (%s)", CONTAINER_NAME, container.short_id)
        return container

    def wait_healthy(self, container, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            container.reload()
            health = (container.attrs.get("State", {})
                      .get("Health", {}).get("Status"))
            if health == "healthy" or (health is None
                                       and container.status == "running"):
                return True
            if container.status == "exited":
                LOG.error("container exited: %s",
                          container.logs(tail=20).decode(errors="replace"))
                return False
            time.sleep(2)
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--image",
                        default="registry.example.com/gym/checkin-kiosk:stable")
    parser.add_argument("--site", required=True)
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--no-pull", action="store_true")
    parser.add_argument("--timeout", type=float, default=90.0)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        launcher = KioskLauncher(args.image, args.site, args.port)
        if not args.no_pull:
            launcher.pull()
        launcher.remove_old()
        container = launcher.start()
    except (DockerException, APIError) as exc:
        LOG.error("docker error: %s", exc)
        return 1

    if launcher.wait_healthy(container, args.timeout):
        LOG.info("kiosk healthy for site %s", args.site)
        return 0
    LOG.error("kiosk did not become healthy within %.0fs", args.timeout)
    return 1


if __name__ == "__main__":
    sys.exit(main())
