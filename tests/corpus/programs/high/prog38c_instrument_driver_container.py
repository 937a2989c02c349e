#!/usr/bin/env python3
"""Start the vendor instrument-driver stack in a container on the DAQ host.

The spectrometer vendor only ships its driver + EPICS IOC as a container image.
It needs the USB bus and the PCIe digitiser, so it is started privileged with
the host's /dev and the data directory mounted.  Configuration: ./ioc.json

    {"image": "registry.lab.local/vendor/specio:4.2.1",
     "name": "specio",
     "data_dir": "/data/spectra",
     "env": {"EPICS_CA_ADDR_LIST": "10.4.0.255"}}
"""
import argparse
import json
import logging
import sys
import time
from pathlib import Path

import docker
from docker.errors import APIError, ImageNotFound, NotFound

log = logging.getLogger("ioc-container")

DOCKER_SOCK = "unix:///var/run/docker.sock"


def load_cfg(path: Path) -> dict:
    cfg = json.loads(path.read_text())
    cfg.setdefault("name", "specio")
    cfg.setdefault("env", {})
    cfg.setdefault("restart", "unless-stopped")
    return cfg


class IocContainer:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        self.client = docker.DockerClient(base_url=DOCKER_SOCK, timeout=120)

    def existing(self):
        try:
            return self.client.containers.get(self.cfg["name"])
        except NotFound:
            return None

    def pull(self):
        repo, _, tag = self.cfg["image"].rpartition(":")
        log.info("pulling %s:%s", repo, tag or "latest")
        self.client.images.pull(repo, tag=tag or "latest")

    def start(self, recreate: bool = False):
        current = self.existing()
        if current and not recreate:
            if current.status != "running":
                current.start()
            log.info("container %s is %s", current.name, current.status)
            return current
        if current:
            log.info("removing old container %s", current.name)
            current.remove(force=True)
        try:
            self.client.images.get(self.cfg["image"])
        except ImageNotFound:
            self.pull()
        volumes = {
            "/dev": {"bind": "/dev", "mode": "rw"},
            self.cfg.get("data_dir", "/data/spectra"): {"bind": "/data", "mode": "rw"},
        }
        container = self.client.containers.run(
            self.cfg["image"],
            name=self.cfg["name"],
            detach=True,
            privileged=True,
            network_mode="host",
            ipc_mode="host",
            volumes=volumes,
            environment=self.cfg["env"],
            restart_policy={"Name": self.cfg["restart"]},
            labels={"lab.role": "instrument-ioc"},
        )
        log.info("started %s (%s)", container.name, container.short_id)
        return container

    def stop(self):
        c = self.existing()
        if c:
            c.stop(timeout=20)
            log.info("stopped %s", c.name)

    def wait_ready(self, container, marker: str, timeout: int) -> bool:
        deadline = time.time() + timeout
        while time.time() < deadline:
            container.reload()
            if container.status == "exited":
                log.error("container exited:\n%s", container.logs(tail=40).decode(errors="replace"))
                return False
            if marker.encode() in container.logs(tail=200):
                return True
            time.sleep(2)
        return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["up", "down", "restart", "logs"])
    ap.add_argument("--config", type=Path, default=Path("ioc.json"))
    ap.add_argument("--ready-marker", default="iocInit: All initialization complete")
    ap.add_argument("--timeout", type=int, default=90)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    ioc = IocContainer(load_cfg(args.config))
    try:
        if args.action == "down":
            ioc.stop()
            return 0
        if args.action == "logs":
            c = ioc.existing()
            print(c.logs(tail=200).decode(errors="replace") if c else "no container")
            return 0
        container = ioc.start(recreate=(args.action == "restart"))
        if not ioc.wait_ready(container, args.ready_marker, args.timeout):
            log.error("IOC did not report ready within %ds", args.timeout)
            return 1
        log.info("IOC ready")
        return 0
    except APIError as exc:
        log.error("docker API error: %s", exc.explanation or exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
