#!/usr/bin/env python3
"""Give the CNC controllers stable serial device names on the workshop PC.

Edge banders and older router controllers hang off USB-serial adapters that
come up as ttyUSB0/1/2 in random order after each boot. This tool reads the
adapter serial numbers from machines.toml and writes matching udev rules so
the job queue can always open /dev/cnc-<machine>.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("cnc-serial")

RULES_PATH = Path("/etc/udev/rules.d/72-cnc-serial.rules")
HEADER = "# CNC controller serial adapters - managed by cnc_serial_port_setup.py\n"


def read_machines(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    machines = []
    for name, spec in data.get("machine", {}).items():
        if "serial" not in spec:
            log.warning("machine %s has no adapter serial, skipping", name)
            continue
        machines.append({
            "name": name,
            "serial": spec["serial"],
            "vendor": spec.get("vendor", "0403"),
            "product": spec.get("product", "6001"),
            "group": spec.get("group", "dialout"),
        })
    return machines


def discover_adapters():
    """List adapters currently plugged in, to help fill machines.toml."""
    found = []
    for dev in sorted(Path("/sys/bus/usb-serial/devices").glob("ttyUSB*")):
        usb = dev.resolve().parent.parent
        serial = (usb / "serial").read_text().strip() if (usb / "serial").exists() else "?"
        found.append((dev.name, serial))
    return found


def render_rules(machines):
    lines = [HEADER]
    for m in machines:
        lines.append(
            'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'ATTRS{serial}=="%s", SYMLINK+="cnc-%s", GROUP="%s", MODE="0660"\n'
            % (m["vendor"], m["product"], m["serial"], m["name"], m["group"]))
    return "".join(lines)


class RulesWriter:
    def __init__(self, target=RULES_PATH):
        self.target = target

    def current(self):
        try:
            return self.target.read_text()
        except FileNotFoundError:
            return ""

    def write(self, text):
        if self.target.exists():
            backup = self.target.with_suffix(".rules.bak")
            shutil.copy2(self.target, backup)
            log.info("previous rules saved to %s", backup)
        staging = self.target.with_name("." + self.target.name + ".new")
        staging.write_text(text)
        staging.chmod(0o644)
        staging.replace(self.target)

    @staticmethod
    def reload():
        for cmd in (["udevadm", "control", "--reload-rules"],
                    ["udevadm", "trigger", "--subsystem-match=tty"]):
            res = subprocess.run(cmd, capture_output=True, text=True)
            if res.returncode != 0:
                log.error("%s failed: %s", " ".join(cmd), res.stderr.strip())
                return False
        return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--machines", default="machines.toml")
    ap.add_argument("--list", action="store_true", help="show plugged-in adapters and exit")
    ap.add_argument("--dry-run", action="store_true", help="print the rules only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.list:
        for tty, serial in discover_adapters():
            print(f"{tty:10} serial={serial}")
        return 0

    try:
        machines = read_machines(args.machines)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.machines, exc)
        return 1
    if not machines:
        log.error("no machines with adapter serials configured")
        return 1

    rules = render_rules(machines)
    if args.dry_run:
        sys.stdout.write(rules)
        return 0

    writer = RulesWriter()
    if writer.current() == rules:
        log.info("rules already up to date")
        return 0
    try:
        writer.write(rules)
    except PermissionError:
        log.error("cannot write %s - run from the admin account", RULES_PATH)
        return 1
    if writer.reload():
        log.info("configured %d machines: %s", len(machines),
                 ", ".join(f"/dev/cnc-{m['name']}" for m in machines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
