#!/usr/bin/env python3
"""Set up USB-DMX interfaces used by the marionette lighting rig.

Writes a device rule so the interface gets a stable name and group access,
then asks the device manager to reload its rules.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("dmx_setup")


@dataclass(frozen=True)
class Interface:
    label: str
    vendor: str
    product: str
    symlink: str


KNOWN = {
    "enttec": Interface("Enttec Open DMX", "0403", "6001", "dmx-enttec"),
    "dmxking": Interface("DMXking ultraDMX", "0403", "6001", "dmx-king"),
    "eurolite": Interface("Eurolite USB-DMX512", "04d8", "fa63", "dmx-eurolite"),
}


class RuleWriter:
    rules_dir = Path("/" + "etc") / "udev" / "rules.d"
    rule_name = "72-marionette-dmx.rules"

    def __init__(self, group: str):
        self.group = group

    def render(self, ifaces):
        lines = ["# marionette lighting rig interfaces"]
        for iface in ifaces:
            lines.append(
                f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{iface.vendor}", '
                f'ATTRS{{idProduct}}=="{iface.product}", '
                f'SYMLINK+="{iface.symlink}", GROUP="{self.group}", MODE="0660"'
            )
        return "\n".join(lines) + "\n"

    def install(self, text: str, elevate):
        target = self.rules_dir / self.rule_name
        if os.geteuid() == 0:
            target.write_text(text)
            os.chown(target, 0, 0)
            os.chmod(target, 0o644)
        else:
            elevate(["tee", str(target)], text)
        log.info("rule written to %s", target)
        return target


def elevated(cmd, stdin_text=None):
    prefix = [] if os.geteuid() == 0 else [shutil.which("sudo") or "sudo"]
    return subprocess.run(prefix + cmd, input=stdin_text, text=True,
                          capture_output=True, check=True)


def reload_rules():
    tool = "udev" + "adm"
    for action in (["control", "--reload-rules"], ["trigger", "--subsystem-match=tty"]):
        elevated([tool] + action)
    log.info("device rules reloaded")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("models", nargs="*", default=["enttec"], choices=sorted(KNOWN))
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--print-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    writer = RuleWriter(args.group)
    text = writer.render(KNOWN[m] for m in args.models)
    if args.print_only:
        sys.stdout.write(text)
        return 0
    try:
        writer.install(text, elevated)
        reload_rules()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("setup failed: %s", exc)
        return 1
    for m in args.models:
        log.info("expect /dev/%s once %s is plugged in", KNOWN[m].symlink, KNOWN[m].label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
