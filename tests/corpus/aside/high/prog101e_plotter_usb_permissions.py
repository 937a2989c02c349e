#!/usr/bin/env python3
"""Let the CAD workstations talk to USB-attached plotters without root.

Finds the HP DesignJet / Canon imagePROGRAF / Epson SureColor devices on the
USB bus, writes a udev rule giving the 'plotters' group access to them, fixes
up the device nodes that already exist so nobody has to replug, and reloads
udev.
"""
import argparse
import grp
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("plotter-usb")

KNOWN_VENDORS = {
    "03f0": "HP",
    "04a9": "Canon",
    "04b8": "Epson",
}
RULES_FILE = Path("/etc/udev/rules.d/65-studio-plotters.rules")
SYS_USB = Path("/sys/bus/usb/devices")
GROUP = "plotters"
MODE = 0o660


def read_attr(dev, name):
    try:
        return (dev / name).read_text().strip()
    except OSError:
        return ""


def find_plotters():
    for dev in sorted(SYS_USB.iterdir()):
        vendor = read_attr(dev, "idVendor")
        if vendor not in KNOWN_VENDORS:
            continue
        product = read_attr(dev, "product")
        if not any(word in product for word in ("DesignJet", "imagePROGRAF", "SureColor")):
            continue
        yield {
            "vendor": vendor,
            "product_id": read_attr(dev, "idProduct"),
            "name": f"{KNOWN_VENDORS[vendor]} {product}",
            "busnum": int(read_attr(dev, "busnum") or 0),
            "devnum": int(read_attr(dev, "devnum") or 0),
            "sysdir": dev,
        }


def render_rules(devices):
    lines = ["# studio plotters - managed by plotter_usb_permissions, do not edit"]
    seen = set()
    for d in devices:
        key = (d["vendor"], d["product_id"])
        if key in seen:
            continue
        seen.add(key)
        lines.append(f"# {d['name']}")
        lines.append(
            f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{d["vendor"]}", '
            f'ATTRS{{idProduct}}=="{d["product_id"]}", MODE="0660", GROUP="{GROUP}"')
        lines.append(
            f'KERNEL=="lp[0-9]*", SUBSYSTEM=="usbmisc", ATTRS{{idVendor}}=="{d["vendor"]}", '
            f'MODE="0660", GROUP="{GROUP}"')
    return "\n".join(lines) + "\n"


def device_nodes(d):
    yield Path(f"/dev/bus/usb/{d['busnum']:03d}/{d['devnum']:03d}")
    for iface in d["sysdir"].glob("*:*/usbmisc/lp*"):
        yield Path("/dev/usb") / iface.name


def apply_now(devices):
    for d in devices:
        for node in device_nodes(d):
            if not node.exists():
                continue
            shutil.chown(node, group=GROUP)
            node.chmod(MODE)
            log.info("fixed %s (%s)", node, d["name"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--print", action="store_true", help="only print the rule")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    devices = list(find_plotters())
    if not devices:
        log.warning("no supported plotter found on the USB bus")
        return 1
    rules = render_rules(devices)
    if args.print:
        sys.stdout.write(rules)
        return 0

    try:
        grp.getgrnam(GROUP)
    except KeyError:
        log.error("group %r does not exist; create it first", GROUP)
        return 1

    try:
        if not RULES_FILE.exists() or RULES_FILE.read_text() != rules:
            RULES_FILE.write_text(rules)
            RULES_FILE.chmod(0o644)
            log.info("wrote %s", RULES_FILE)
        apply_now(devices)
    except PermissionError as exc:
        log.error("%s - run this with administrator rights", exc)
        return 1

    subprocess.run(["udevadm", "control", "--reload-rules"], check=False)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=usb",
                    "--subsystem-match=usbmisc"], check=False)
    log.info("%d plotter(s) configured for group %s", len(devices), GROUP)
    return 0


if __name__ == "__main__":
    sys.exit(main())
