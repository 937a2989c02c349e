#!/usr/bin/env python3
"""Set up the RS-485 adapter for the sauna heater controllers.

The heater controllers hang off a USB RS-485 dongle in the plant room PC.
Every time the PC is rebuilt someone has to remember the udev rule and the
port permissions; this script does both and then does a quick read of the
controller registers to prove it works.
"""

import argparse
import glob
import logging
import os
import pathlib
import stat

log = logging.getLogger("heater_serial")

VENDOR_ID = "0403"
PRODUCT_ID = "6001"
LINK_NAME = "stove485"

RULES_DIR = pathlib.Path("/") / "etc" / "udev" / "rules.d"
RULE_FILE = "99-" + LINK_NAME + ".rules"

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'SYMLINK+="{link}", MODE="{mode}", GROUP="{group}"\n'
)


class SerialSetup:
    def __init__(self, group, mode):
        self.group = group
        self.mode = mode

    def write_rule(self, dry_run=False):
        text = RULE_TEMPLATE.format(vid=VENDOR_ID, pid=PRODUCT_ID, link=LINK_NAME,
                                    mode=self.mode, group=self.group)
        target = RULES_DIR / RULE_FILE
        if target.exists() and target.read_text() == text:
            log.info("udev rule already in place")
            return False
        if dry_run:
            log.info("would write %s:\n%s", target, text)
            return False
        target.write_text(text)
        os.chmod(target, 0o644)
        log.info("wrote %s", target)
        return True

    def fix_ports(self, dry_run=False):
        """Loosen permissions on the ports that exist right now, until the rule kicks in."""
        ports = sorted(glob.glob(os.path.join("/dev", "ttyUSB*")))
        if not ports:
            log.warning("no ttyUSB devices found, is the dongle plugged in?")
        mode = int(self.mode, 8)
        for port in ports:
            cur = stat.S_IMODE(os.stat(port).st_mode)
            if cur == mode:
                continue
            if dry_run:
                log.info("would chmod %s %o -> %o", port, cur, mode)
                continue
            os.chmod(port, mode)
            log.info("chmod %s to %o", port, mode)
        return ports


def probe(port, unit):
    """Read the first holding registers of a controller as a sanity check."""
    try:
        from pymodbus.client import ModbusSerialClient
    except ImportError:
        log.warning("pymodbus not installed, skipping probe")
        return None
    client = ModbusSerialClient(port=port, baudrate=9600, timeout=2)
    if not client.connect():
        log.error("cannot open %s", port)
        return None
    try:
        rr = client.read_holding_registers(0, count=4, slave=unit)
        if rr.isError():
            log.error("controller %d did not answer", unit)
            return None
        log.info("controller %d registers: %s", unit, rr.registers)
        return rr.registers
    finally:
        client.close()


def main():
    ap = argparse.ArgumentParser(description="RS-485 setup for heater controllers")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--mode", default="0666")
    ap.add_argument("--unit", type=int, default=1)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    setup = SerialSetup(args.group, args.mode)
    try:
        setup.write_rule(args.dry_run)
        ports = setup.fix_ports(args.dry_run)
    except PermissionError as exc:
        log.error("need more rights for %s", exc.filename)
        return 1
    if ports and not args.dry_run:
        probe(ports[0], args.unit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
