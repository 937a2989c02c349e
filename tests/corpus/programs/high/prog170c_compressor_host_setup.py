#!/usr/bin/env python3
"""Configure the shop PC to talk to the breathing-air compressor panel.

Adds a hosts entry for the panel's web UI and a device rule so the
USB-serial logger always shows up as /dev/compressor with group access
for the fill-station volunteers.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List

log = logging.getLogger("compressor-setup")

ETC = Path("/") / "etc"


@dataclass
class PanelConfig:
    address: str = os.environ.get("PANEL_ADDR", "192.0.2.40")
    hostname: str = os.environ.get("PANEL_NAME", "compressor-panel.shop.example")
    vendor_id: str = "0403"
    product_id: str = "6001"
    group: str = os.environ.get("FILL_GROUP", "fillcrew")
    link_name: str = "compressor"


class Privileged:
    """Runs commands through the elevation helper configured for the shop PC."""

    def __init__(self, helper: str = os.environ.get("ELEVATE", "sudo"), dry_run: bool = False):
        self.prefix = [helper, "-n"] if helper else []
        self.dry_run = dry_run

    def run(self, argv: List[str], stdin: str = "") -> int:
        full = self.prefix + argv
        if self.dry_run:
            log.info("dry-run: %s", shlex.join(full))
            return 0
        done = subprocess.run(full, input=stdin.encode(), check=False)
        return done.returncode

    def write(self, target: Path, text: str, append: bool = False) -> int:
        flags = ["-a"] if append else []
        return self.run(["tee", *flags, str(target)], stdin=text)


def hosts_line(cfg: PanelConfig) -> str:
    return f"{cfg.address}\t{cfg.hostname}\t{cfg.hostname.split('.')[0]}\n"


def ensure_hosts(cfg: PanelConfig, priv: Privileged) -> bool:
    hosts = ETC / "hosts"
    existing = hosts.read_text() if hosts.exists() else ""
    if cfg.hostname in existing:
        log.info("hosts entry already present")
        return True
    return priv.write(hosts, hosts_line(cfg), append=True) == 0


def device_rule(cfg: PanelConfig) -> str:
    attrs = {
        "SUBSYSTEM": ("==", "tty"),
        "ATTRS{idVendor}": ("==", cfg.vendor_id),
        "ATTRS{idProduct}": ("==", cfg.product_id),
        "GROUP": ("=", cfg.group),
        "MODE": ("=", "0660"),
        "SYMLINK+": ("=", cfg.link_name),
    }
    return ", ".join(f'{k}{op}"{v}"' for k, (op, v) in attrs.items()) + "\n"


def ensure_rule(cfg: PanelConfig, priv: Privileged) -> bool:
    target = ETC / "udev" / "rules.d" / "72-compressor-logger.rules"
    if priv.write(target, device_rule(cfg)) != 0:
        return False
    priv.run(["chmod", "0644", str(target)])
    reload_ok = priv.run(["udevadm", "control", "--reload-rules"]) == 0
    trigger_ok = priv.run(["udevadm", "trigger", "--subsystem-match=tty"]) == 0
    return reload_ok and trigger_ok


def ensure_membership(cfg: PanelConfig, priv: Privileged) -> bool:
    user = os.environ.get("SUDO_USER") or os.environ.get("USER", "")
    if not user:
        return False
    return priv.run(["usermod", "-aG", cfg.group, user]) == 0


TASKS: Dict[str, Callable[[PanelConfig, Privileged], bool]] = {
    "hosts": ensure_hosts,
    "rule": ensure_rule,
    "group": ensure_membership,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("tasks", nargs="*", default=sorted(TASKS))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    unknown = [t for t in args.tasks if t not in TASKS]
    if unknown:
        parser.error(f"unknown task(s): {', '.join(unknown)}")
    cfg = PanelConfig()
    priv = Privileged(dry_run=args.dry_run)
    failed = [name for name in args.tasks if not TASKS[name](cfg, priv)]
    if failed:
        log.error("failed: %s", ", ".join(failed))
        raise SystemExit(1)
    log.info("compressor panel configured")


if __name__ == "__main__":
    main()
