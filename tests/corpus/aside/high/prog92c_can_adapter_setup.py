#!/usr/bin/env python3
"""Prepare a workshop laptop for J1939 diagnostics on hire excavators.

Fitters plug a PEAK or Kvaser USB-CAN adapter into the machine's diagnostic
port to read engine hours, DTCs and hydraulic pressures.  This sets up a
stable interface name for the adapter and brings the bus up at the J1939
bitrate so the telematics bench tools can find it.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("canbench")

ADAPTERS = {
    "peak": {"vendor": "0c72", "product": "000c", "driver": "peak_usb"},
    "kvaser": {"vendor": "0bfd", "product": "0120", "driver": "kvaser_usb"},
}


class BenchLayout:
    rules_dir = Path("/etc/udev/rules.d")
    modules_dir = Path("/etc/modules-load.d")
    rule_name = "80-plant-can.rules"
    iface = "plantcan0"
    bitrate = 250000


def udev_rule(adapter, iface):
    spec = ADAPTERS[adapter]
    return textwrap.dedent(f"""\
        # hire fleet diagnostic adapter ({adapter})
        SUBSYSTEM=="net", ACTION=="add", ATTRS{{idVendor}}=="{spec['vendor']}", \\
          ATTRS{{idProduct}}=="{spec['product']}", NAME="{iface}"
        SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{spec['vendor']}", MODE="0666", GROUP="plugdev"
        """)


def install_rule(adapter, layout, dry_run=False):
    target = layout.rules_dir / layout.rule_name
    content = udev_rule(adapter, layout.iface)
    if target.exists() and target.read_text() == content:
        log.info("udev rule already current: %s", target)
        return False
    if dry_run:
        print(f"--- would write {target}\n{content}")
        return True
    target.write_text(content)
    target.chmod(0o644)
    log.info("installed %s", target)
    return True


def install_module_list(adapter, layout, dry_run=False):
    target = layout.modules_dir / "plant-can.conf"
    content = "can\ncan_raw\n" + ADAPTERS[adapter]["driver"] + "\n"
    if dry_run:
        print(f"--- would write {target}\n{content}")
        return
    target.write_text(content)
    log.info("installed %s", target)


def run(cmd, check=True):
    log.debug("run: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def bring_up(layout, dry_run=False):
    steps = [
        ["udevadm", "control", "--reload-rules"],
        ["udevadm", "trigger", "--subsystem-match=net", "--action=add"],
        ["ip", "link", "set", layout.iface, "down"],
        ["ip", "link", "set", layout.iface, "type", "can",
         "bitrate", str(layout.bitrate), "restart-ms", "100"],
        ["ip", "link", "set", layout.iface, "up"],
    ]
    for cmd in steps:
        if dry_run:
            print("would run:", " ".join(cmd))
            continue
        try:
            run(cmd)
        except subprocess.CalledProcessError as exc:
            log.warning("%s failed: %s", cmd[0], exc.stderr.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("adapter", choices=sorted(ADAPTERS))
    ap.add_argument("--iface", default=BenchLayout.iface)
    ap.add_argument("--bitrate", type=int, default=BenchLayout.bitrate)
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    layout = BenchLayout()
    layout.iface, layout.bitrate = args.iface, args.bitrate
    if not shutil.which("ip") or not shutil.which("udevadm"):
        log.error("iproute2 and udev are required")
        return 2
    try:
        changed = install_rule(args.adapter, layout, args.dry_run)
        install_module_list(args.adapter, layout, args.dry_run)
    except PermissionError as exc:
        log.error("cannot write bench configuration: %s", exc)
        return 1
    if changed or args.dry_run:
        bring_up(layout, args.dry_run)
    log.info("bench ready on %s @ %d bit/s", layout.iface, layout.bitrate)
    return 0


if __name__ == "__main__":
    sys.exit(main())
