#!/usr/bin/env python3
"""Start a throw-away macOS guest in a container for Safari smoke tests.

Uses the docker-osx image (QEMU + KVM inside the container). The guest
needs /dev/kvm and raw access to the host's devices, which the image
only gets with a privileged container.
"""
import argparse
import logging
import os
import sys
import time

import docker
from docker.errors import APIError, ImageNotFound, NotFound

log = logging.getLogger("macos-vm")

IMAGES = {
    "sonoma": "sickcodes/docker-osx:sonoma",
    "ventura": "sickcodes/docker-osx:ventura",
    "monterey": "sickcodes/docker-osx:monterey",
}


class MacGuest:
    def __init__(self, client, release: str, name: str, ram_gb: int, cores: int):
        self.client = client
        self.image = IMAGES[release]
        self.name = name
        self.ram_gb = ram_gb
        self.cores = cores
        self.container = None

    def _environment(self) -> dict:
        return {
            "GENERATE_UNIQUE": "true",
            "RAM": str(self.ram_gb),
            "CORES": str(self.cores),
            "DISPLAY": os.environ.get("DISPLAY", ":0"),
            "EXTRA": "-display none -vnc 0.0.0.0:1",
        }

    def ensure_image(self) -> None:
        try:
            self.client.images.get(self.image)
        except ImageNotFound:
            log.info("pulling %s (this is large)", self.image)
            self.client.images.pull(self.image)

    def start(self) -> None:
        try:
            old = self.client.containers.get(self.name)
            log.info("removing stale container %s", self.name)
            old.remove(force=True)
        except NotFound:
            pass
        self.container = self.client.containers.run(
            self.image,
            name=self.name,
            detach=True,
            privileged=True,
            devices=["/dev/kvm:/dev/kvm:rwm"],
            environment=self._environment(),
            ports={"10022/tcp": ("127.0.0.1", 50922), "5901/tcp": ("127.0.0.1", 5901)},
            volumes={"/tmp/.X11-unix": {"bind": "/tmp/.X11-unix", "mode": "rw"}},
            labels={"purpose": "safari-smoke"},
        )
        log.info("started %s (%s)", self.name, self.container.short_id)

    def wait_for_ssh_banner(self, timeout: int) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            logs = self.container.logs(tail=50).decode("utf-8", "replace")
            if "Boot Complete" in logs or "login:" in logs:
                return True
            time.sleep(10)
        return False

    def stop(self) -> None:
        if self.container is not None:
            self.container.remove(force=True)
            log.info("removed %s", self.name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--release", choices=sorted(IMAGES), default="sonoma")
    ap.add_argument("--name", default="safari-smoke-mac")
    ap.add_argument("--ram", type=int, default=8)
    ap.add_argument("--cores", type=int, default=4)
    ap.add_argument("--boot-timeout", type=int, default=1800)
    ap.add_argument("--keep", action="store_true", help="leave the guest running")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists("/dev/kvm"):
        log.error("/dev/kvm missing: enable virtualisation first")
        return 1

    guest = MacGuest(docker.from_env(), args.release, args.name, args.ram, args.cores)
    try:
        guest.ensure_image()
        guest.start()
        if not guest.wait_for_ssh_banner(args.boot_timeout):
            log.error("guest did not finish booting in %ss", args.boot_timeout)
            return 2
        log.info("macOS guest up: ssh -p 50922 user@127.0.0.1, VNC on :5901")
    except APIError as exc:
        log.error("docker error: %s", exc.explanation or exc)
        return 3
    finally:
        if not args.keep:
            guest.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
