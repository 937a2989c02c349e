#!/usr/bin/env python3
"""Run hardware diagnostics on a container host from a toolbox image.

The host OS is minimal (no ethtool, smartctl, lspci), so the checks run
inside a throwaway toolbox container that shares the host's network
namespace and has device access.  Output of each check is saved to
./diag/<host>/<check>.txt.
"""
import argparse
import logging
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List

import docker as dk
from docker.errors import APIError, ImageNotFound, ContainerError

LOG = logging.getLogger("node-diag")
TOOLBOX_IMAGE = "registry.example.net/ops/toolbox:2024.06"


@dataclass
class Check:
    name: str
    command: List[str]
    needs_devices: bool = False


CHECKS: Dict[str, Check] = {
    "nic-link": Check("nic-link", ["sh", "-c", "for i in /sys/class/net/*; do "
                                   "ethtool $(basename $i) 2>/dev/null | head -n 12; done"]),
    "nic-stats": Check("nic-stats", ["ip", "-s", "link"]),
    "pci": Check("pci", ["lspci", "-nn"], needs_devices=True),
    "smart": Check("smart", ["sh", "-c", "smartctl --scan | cut -d' ' -f1 | "
                                          "xargs -r -n1 smartctl -H"], needs_devices=True),
    "dmesg-errors": Check("dmesg-errors", ["sh", "-c", "dmesg --level=err,warn | tail -n 200"],
                          needs_devices=True),
}


class Toolbox:
    def __init__(self, image: str, pull: bool):
        self.client = dk.from_env(timeout=120)
        self.image = image
        if pull:
            self._pull()

    def _pull(self) -> None:
        repo, _, tag = self.image.rpartition(":")
        LOG.info("pulling %s", self.image)
        self.client.images.pull(repo, tag=tag or "latest")

    def run(self, check: Check) -> str:
        options = dict(
            image=self.image,
            command=check.command,
            network_mode="host",
            remove=True,
            stdout=True,
            stderr=True,
        )
        if check.needs_devices:
            options.update(privileged=True, pid_mode="host")
        output = self.client.containers.run(**options)
        return output.decode(errors="replace")


def save(out_root: Path, name: str, text: str) -> Path:
    out_root.mkdir(parents=True, exist_ok=True)
    path = out_root / f"{name}.txt"
    path.write_text(text)
    return path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--image", default=TOOLBOX_IMAGE)
    parser.add_argument("--pull", action="store_true")
    parser.add_argument("--check", action="append", choices=sorted(CHECKS),
                        help="run only these checks (default: all)")
    parser.add_argument("--out", default="diag")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    out_root = Path(args.out) / socket.gethostname()
    try:
        toolbox = Toolbox(args.image, args.pull)
    except (APIError, ImageNotFound, dk.errors.DockerException) as exc:
        LOG.error("docker not usable: %s", exc)
        return 2

    failed = 0
    for name in args.check or sorted(CHECKS):
        check = CHECKS[name]
        try:
            text = toolbox.run(check)
            LOG.info("%-14s ok -> %s", name, save(out_root, name, text))
        except ContainerError as exc:
            failed += 1
            LOG.warning("%-14s exited %s", name, exc.exit_status)
            save(out_root, name, f"exit {exc.exit_status}\n{exc.stderr or b''!r}\n")
        except APIError as exc:
            failed += 1
            LOG.error("%-14s docker error: %s", name, exc)
    LOG.info("%d check(s) failed", failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
