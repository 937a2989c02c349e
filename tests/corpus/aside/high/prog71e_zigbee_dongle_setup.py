#!/usr/bin/env python3
"""zigbee_dongle_setup - give the Zigbee coordinator a stable /dev name.

Finds a known Zigbee USB coordinator, installs a udev rule that creates
/dev/zigbee for it, reloads udev and makes the node usable by the
zigbee2mqtt user straight away.
"""
import argparse
import logging
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("zigbee_setup")

KNOWN_DONGLES = {
    ("10c4", "ea60"): "Silicon Labs CP210x (Sonoff ZBDongle-P / SkyConnect)",
    ("1a86", "55d4"): "WCH CH9102 (Sonoff ZBDongle-E)",
    ("1cf1", "0030"): "dresden elektronik ConBee II",
    ("0451", "16a8"): "TI CC2531",
}
RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "99-zigbee-coordinator.rules"
SYMLINK = "zigbee"


@dataclass
class Dongle:
    tty: str
    vendor: str
    product: str
    serial: str
    label: str

    @property
    def devnode(self):
        return Path("/dev") / self.tty


def _read(p):
    try:
        return p.read_text().strip()
    except OSError:
        return ""


def find_dongles():
    for tty in sorted(Path("/sys/class/tty").glob("tty[AU][CS]*")):
        dev = (tty / "device").resolve()
        # walk up to the usb_device node that carries idVendor/idProduct
        node = dev
        while node != node.parent and not (node / "idVendor").exists():
            node = node.parent
        vid, pid = _read(node / "idVendor"), _read(node / "idProduct")
        if (vid, pid) in KNOWN_DONGLES:
            yield Dongle(tty.name, vid, pid, _read(node / "serial"), KNOWN_DONGLES[(vid, pid)])


def render_rule(d, group, mode):
    match = f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{d.vendor}", ATTRS{{idProduct}}=="{d.product}"'
    if d.serial:
        match += f', ATTRS{{serial}}=="{d.serial}"'
    return (
        f"# {d.label}\n"
        f'{match}, SYMLINK+="{SYMLINK}", GROUP="{group}", MODE="{mode}"\n'
    )


class Installer:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def _priv(self, argv, data=None):
        if os.geteuid() != 0:
            argv = ["sudo", "-n"] + argv
        log.debug("run %s", " ".join(argv))
        if self.dry_run:
            return
        subprocess.run(argv, input=data, check=True, text=True)

    def write_rule(self, text):
        target = RULES_DIR / RULE_NAME
        if target.exists() and _read(target) == text.strip():
            log.info("%s already up to date", target)
            return False
        try:
            if not self.dry_run:
                target.write_text(text)
        except PermissionError:
            self._priv(["tee", str(target)], data=text)
        log.info("installed %s", target)
        return True

    def reload(self):
        self._priv(["udevadm", "control", "--reload-rules"])
        self._priv(["udevadm", "trigger", "--subsystem-match=tty", "--action=add"])

    def open_now(self, dongle, mode):
        """udev only applies MODE on the next add event; fix the live node too."""
        if self.dry_run:
            return
        try:
            os.chmod(dongle.devnode, mode)
        except PermissionError:
            self._priv(["chmod", f"{mode:o}", str(dongle.devnode)])
        log.info("%s is now mode %o", dongle.devnode, mode)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--mode", default="0666", help="octal mode for the device node")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    dongles = list(find_dongles())
    if not dongles:
        log.error("no known Zigbee coordinator found; is it plugged in?")
        return 1
    if len(dongles) > 1:
        log.warning("several coordinators found, using %s", dongles[0].tty)
    d = dongles[0]
    log.info("found %s on %s (serial %s)", d.label, d.devnode, d.serial or "n/a")

    mode = int(args.mode, 8)
    inst = Installer(args.dry_run)
    try:
        if inst.write_rule(render_rule(d, args.group, args.mode)):
            inst.reload()
        inst.open_now(d, mode)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 1
    print(f"use 'serial: port: /dev/{SYMLINK}' in zigbee2mqtt configuration.yaml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
