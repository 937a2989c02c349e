#!/usr/bin/env python3
"""Run the thermal ticket printing service for author events in a container.

The print service image renders QR-coded admission tickets and drives the
USB thermal printer at the box office.  This launcher pulls the configured
image tag, (re)starts the container with the printer attached and tails its
health endpoint until it is ready.
"""

import argparse
import logging
import os
import sys
import time
import tomllib
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound, NotFound

log = logging.getLogger("ticketprint")

DEFAULT_CONF = {
    "image": "registry.quillandink.example/boxoffice/ticket-print",
    "tag": "1.8.2",
    "name": "ticket-print",
    "port": 9180,
    "spool_dir": "./spool",
}


def load_conf(path):
    conf = dict(DEFAULT_CONF)
    if path.exists():
        with open(path, "rb") as fh:
            conf.update(tomllib.load(fh).get("printer", {}))
    return conf


class PrintService:
    def __init__(self, conf):
        self.conf = conf
        self.client = docker.DockerClient(base_url="unix://var/run/docker.sock", timeout=60)

    @property
    def ref(self):
        return f"{self.conf['image']}:{self.conf['tag']}"

    def pull(self):
        try:
            self.client.images.get(self.ref)
            log.info("image %s present", self.ref)
        except ImageNotFound:
            log.info("pulling %s", self.ref)
            self.client.images.pull(self.conf["image"], tag=self.conf["tag"])

    def stop_existing(self):
        try:
            old = self.client.containers.get(self.conf["name"])
        except NotFound:
            return
        log.info("stopping previous container %s", old.short_id)
        old.stop(timeout=10)
        old.remove()

    def start(self):
        spool = Path(self.conf["spool_dir"]).resolve()
        spool.mkdir(parents=True, exist_ok=True)
        run_kwargs = {
            "name": self.conf["name"],
            "detach": True,
            # the printer enumerates under a different /dev/usb/lpN after every
            # replug, so give the container the whole device tree
            "privileged": True,
            "volumes": {
                "/dev/bus/usb": {"bind": "/dev/bus/usb", "mode": "rw"},
                str(spool): {"bind": "/spool", "mode": "rw"},
            },
            "ports": {"9180/tcp": ("127.0.0.1", int(self.conf["port"]))},
            "environment": {
                "PRINT_DPI": os.environ.get("PRINT_DPI", "203"),
                "TZ": os.environ.get("TZ", "Europe/London"),
            },
        }
        c = self.client.containers.run(self.ref, **run_kwargs)
        log.info("started %s (%s)", self.conf["name"], c.short_id)
        return c

    def wait_healthy(self, container, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            container.reload()
            if container.status == "exited":
                log.error("container exited:\n%s", container.logs(tail=40).decode(errors="replace"))
                return False
            state = container.attrs.get("State", {}).get("Health", {}).get("Status")
            if state in (None, "healthy"):
                return True
            time.sleep(2)
        log.error("container not healthy after %ds", timeout)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("boxoffice.toml"))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    svc = PrintService(load_conf(args.config))
    try:
        if not args.no_pull:
            svc.pull()
        svc.stop_existing()
        container = svc.start()
    except (APIError, docker.errors.DockerException) as exc:
        log.error("docker error: %s", exc)
        return 1
    if not svc.wait_healthy(container):
        return 1
    log.info("ticket printing ready on 127.0.0.1:%s", svc.conf["port"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
