#!/usr/bin/env python3
"""Deploy touchscreen calibration to an exhibit kiosk.

Reads the calibration measured by the exhibit technicians (calibration.json in
the working directory), renders an Xorg InputClass snippet for each touch
panel and installs it under /etc/X11/xorg.conf.d through a generated install
script. Must run as root on the kiosk.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile

XORG_DIR = "/etc/X11/xorg.conf.d"
TEMPLATE = """# Managed by touchscreen_calibration_deploy - do not edit by hand
Section "InputClass"
    Identifier      "exhibit-touch-{ident}"
    MatchProduct    "{product}"
    MatchIsTouchscreen "on"
    Driver          "libinput"
    Option          "CalibrationMatrix" "{matrix}"
    Option          "TransformationMatrix" "{transform}"
EndSection
"""
ROTATIONS = {
    0: "1 0 0 0 1 0 0 0 1",
    90: "0 -1 1 1 0 0 0 0 1",
    180: "-1 0 1 0 -1 1 0 0 1",
    270: "0 1 0 -1 0 1 0 0 1",
}

log = logging.getLogger("touch-cal")


class Panel:
    def __init__(self, data):
        self.ident = str(data["id"]).lower()
        self.product = data["product"]
        self.matrix = data.get("matrix", [1, 0, 0, 0, 1, 0, 0, 0, 1])
        self.rotation = int(data.get("rotation", 0))
        if len(self.matrix) != 9:
            raise ValueError("panel %s: matrix needs 9 values" % self.ident)
        if self.rotation not in ROTATIONS:
            raise ValueError("panel %s: bad rotation %d" % (self.ident, self.rotation))

    def render(self):
        return TEMPLATE.format(ident=self.ident, product=self.product,
                               matrix=" ".join(str(v) for v in self.matrix),
                               transform=ROTATIONS[self.rotation])

    @property
    def filename(self):
        return "60-exhibit-touch-%s.conf" % self.ident


def load_panels(path):
    with open(path) as fh:
        raw = json.load(fh)
    return [Panel(p) for p in raw.get("panels", [])]


def build_install_script(staged):
    lines = ["#!/bin/bash", "set -eu", "mkdir -p %s" % XORG_DIR]
    for src, name in staged:
        dest = os.path.join(XORG_DIR, name)
        lines.append("install -o root -g root -m 0644 '%s' '%s'" % (src, dest))
        lines.append("echo installed '%s'" % dest)
    return "\n".join(lines) + "\n"


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--calibration", default="calibration.json")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        panels = load_panels(args.calibration)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read calibration: %s", exc)
        return 1
    if not panels:
        log.warning("no panels listed, nothing to do")
        return 0
    if not args.dry_run and os.geteuid() != 0:
        log.error("must run as root to write %s", XORG_DIR)
        return 1

    with tempfile.TemporaryDirectory() as stage:
        staged = []
        for panel in panels:
            path = os.path.join(stage, panel.filename)
            with open(path, "w") as fh:
                fh.write(panel.render())
            staged.append((path, panel.filename))
            log.debug("staged %s", path)
        script = build_install_script(staged)
        if args.dry_run:
            print(script)
            return 0
        res = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
        if res.returncode != 0:
            log.error("install failed: %s", res.stderr.strip())
            return res.returncode
        for line in res.stdout.splitlines():
            log.info(line)
    log.info("calibration for %d panel(s) installed; restart the display to apply",
             len(panels))
    return 0


if __name__ == "__main__":
    sys.exit(main())
