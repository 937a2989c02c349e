#!/usr/bin/env python3
"""Give the key cabinet's USB serial adapter a stable device name.

Older key cabinets talk to the showroom PC over a USB-RS485 adapter, which
comes up as /dev/ttyUSB0 or /dev/ttyUSB1 depending on boot order.  This
finds the adapter, installs a udev rule that links it to /dev/keycabinet with
group access for the desk users, and reloads udev.
"""
import argparse
import getpass
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("keycabinet-serial")

SYS_USB = Path("/sys/bus/usb/devices")
RULE_PATH = Path("/etc/udev/rules.d/70-keycabinet.rules")
KNOWN_ADAPTERS = {
    ("0403", "6001"): "FTDI FT232R",
    ("1a86", "7523"): "CH340",
    ("10c4", "ea60"): "CP210x",
}


def _read(path: Path) -> str:
    try:
        return path.read_text().strip()
    except OSError:
        return ""


def find_adapters():
    for dev in SYS_USB.iterdir():
        vid, pid = _read(dev / "idVendor"), _read(dev / "idProduct")
        if (vid, pid) in KNOWN_ADAPTERS:
            yield {
                "path": dev,
                "vid": vid,
                "pid": pid,
                "serial": _read(dev / "serial"),
                "name": KNOWN_ADAPTERS[(vid, pid)],
            }


def render_rule(adapter: dict, group: str) -> str:
    match = f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{adapter["vid"]}", ATTRS{{idProduct}}=="{adapter["pid"]}"'
    if adapter["serial"]:
        match += f', ATTRS{{serial}}=="{adapter["serial"]}"'
    return (
        "# key cabinet RS485 adapter - managed by key_cabinet_serial_setup.py\n"
        f'{match}, SYMLINK+="keycabinet", GROUP="{group}", MODE="0660"\n'
    )


class Privileged:
    """Run the handful of steps that need root, via sudo when not root already."""

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo"]

    def run(self, *cmd, stdin: str = None):
        full = self.prefix + list(cmd)
        if self.dry_run:
            LOG.info("would run: %s", shlex.join(full))
            return
        subprocess.run(full, input=stdin, text=True, check=True,
                       stdout=subprocess.DEVNULL if stdin else None)

    def write_file(self, path: Path, content: str):
        self.run("tee", str(path), stdin=content)
        self.run("chmod", "0644", str(path))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--user", default=getpass.getuser(), help="desk user to add to the group")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    adapters = list(find_adapters())
    if not adapters:
        LOG.error("no supported USB serial adapter found; is the cabinet cable plugged in?")
        return 1
    if len(adapters) > 1:
        LOG.warning("%d adapters found, using the first (%s)", len(adapters), adapters[0]["path"].name)
    adapter = adapters[0]
    LOG.info("found %s (serial %s)", adapter["name"], adapter["serial"] or "n/a")

    rule = render_rule(adapter, args.group)
    if RULE_PATH.exists() and RULE_PATH.read_text() == rule:
        LOG.info("rule already current")
    else:
        priv = Privileged(args.dry_run)
        try:
            priv.write_file(RULE_PATH, rule)
            priv.run("udevadm", "control", "--reload-rules")
            priv.run("udevadm", "trigger", "--subsystem-match=tty")
            priv.run("usermod", "-aG", args.group, args.user)
        except subprocess.CalledProcessError as exc:
            LOG.error("privileged step failed: %s", exc)
            return 1
        LOG.info("rule installed at %s; %s may need to log out and back in", RULE_PATH, args.user)

    link = Path("/dev/keycabinet")
    if link.exists():
        LOG.info("/dev/keycabinet -> %s", os.path.realpath(link))
    else:
        LOG.info("replug the adapter if /dev/keycabinet does not appear")
    return 0


if __name__ == "__main__":
    sys.exit(main())
