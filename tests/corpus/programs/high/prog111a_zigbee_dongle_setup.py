#!/usr/bin/env python3
"""Set up the Zigbee coordinator stick on a PawGate hub appliance.

Walks /dev/serial/by-id, asks udev for the vendor/product ids of each port,
matches them against the coordinators PawGate supports, then:

  * installs 99-pawgate-zigbee.rules so the stick always appears as
    /dev/pawgate-zigbee, and reloads udev
  * puts the hub service user in the dialout group
  * writes zigbee-adapter.yaml for the hub's zigbee config
"""
import argparse
import logging
import os
import subprocess
import tempfile
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("zigbee-probe")

BY_ID = Path("/dev/serial/by-id")
RULE_NAME = "99-pawgate-zigbee.rules"
RULES_DIR = Path("/etc/udev/rules.d")
SYMLINK = "pawgate-zigbee"

KNOWN_STICKS = {
    ("10c4", "ea60"): ("Sonoff Zigbee 3.0 Dongle Plus (P)", "zstack"),
    ("1a86", "55d4"): ("Sonoff Zigbee 3.0 Dongle Plus (E)", "ember"),
    ("1cf1", "0030"): ("dresden elektronik ConBee II", "deconz"),
    ("10c4", "ea61"): ("Home Assistant SkyConnect", "ember"),
    ("0451", "16a8"): ("TI CC2531", "zstack"),
}


@dataclass
class Stick:
    port: str
    real_dev: str
    vendor: str
    product: str
    serial: str
    label: str
    adapter: str


def udev_properties(dev):
    try:
        out = subprocess.run(
            ["udevadm", "info", "--query=property", "--name", dev],
            capture_output=True, text=True, timeout=5, check=True,
        ).stdout
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
        log.debug("udevadm failed for %s: %s", dev, exc)
        return {}
    props = {}
    for line in out.splitlines():
        key, _, val = line.partition("=")
        props[key] = val
    return props


def find_sticks():
    if not BY_ID.is_dir():
        return
    for link in sorted(BY_ID.iterdir()):
        real = str(link.resolve())
        p = udev_properties(real)
        key = (p.get("ID_VENDOR_ID", "").lower(), p.get("ID_MODEL_ID", "").lower())
        if key in KNOWN_STICKS:
            label, adapter = KNOWN_STICKS[key]
            yield Stick(str(link), real, key[0], key[1], p.get("ID_SERIAL_SHORT", ""), label, adapter)
        else:
            log.info("ignoring %s (%s:%s)", link.name, *key)


def render_rule(stick):
    match = 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s"' % (stick.vendor, stick.product)
    if stick.serial:
        match += ', ATTRS{serial}=="%s"' % stick.serial
    return "# %s\n%s, SYMLINK+=\"%s\", GROUP=\"dialout\", MODE=\"0660\"\n" % (stick.label, match, SYMLINK)


def render_adapter(stick, baud):
    return {
        "serial": {
            "port": "/dev/" + SYMLINK,
            "adapter": stick.adapter,
            "baudrate": baud,
            "rtscts": False,
        },
        "advanced": {"channel": 15, "log_level": "info"},
    }


def _as_root(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo", "-n"] + cmd
    log.debug("running %s", " ".join(cmd))
    subprocess.run(cmd, check=True, timeout=60)


def install_rule(rule_text):
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
        tmp.write(rule_text)
    try:
        _as_root(["install", "-m", "0644", "-o", "root", "-g", "root", tmp.name, str(RULES_DIR / RULE_NAME)])
    finally:
        os.unlink(tmp.name)
    _as_root(["udevadm", "control", "--reload-rules"])
    _as_root(["udevadm", "trigger", "--subsystem-match=tty", "--action=add"])


def grant_serial_access(user):
    _as_root(["usermod", "-aG", "dialout", user])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Install the Zigbee coordinator on the hub")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--outdir", default=".")
    ap.add_argument("--service-user", default=os.environ.get("PAWGATE_USER", "pawgate"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    sticks = list(find_sticks())
    if not sticks:
        log.error("no supported coordinator found; check the USB extension cable")
        return 1
    if len(sticks) > 1:
        log.warning("%d coordinators found, using the first: %s", len(sticks), sticks[0].port)
    stick = sticks[0]
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)

    try:
        install_rule(render_rule(stick))
        grant_serial_access(args.service_user)
    except subprocess.CalledProcessError as exc:
        log.error("privileged step failed (%s); run from the hub console as admin", exc)
        return 2
    with open(out / "zigbee-adapter.yaml", "w") as fh:
        yaml.safe_dump(render_adapter(stick, args.baud), fh, sort_keys=False)

    print("Found %s on %s" % (stick.label, stick.real_dev))
    print("Installed %s, %s can now open /dev/%s" % (RULES_DIR / RULE_NAME, args.service_user, SYMLINK))
    return 0


if __name__ == "__main__":
    sys.exit(main())
