#!/usr/bin/env python3
"""Configure portrait orientation and touch mapping for a lobby check-in kiosk.

The kiosk enclosures mount the panel rotated 90 degrees. This tool applies
the rotation to the running X session and persists it (plus the touch
calibration matrix and no-blanking settings) so it survives a reboot.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kiosk-display")

ROTATIONS = {
    "normal": ("normal", "1 0 0 0 1 0 0 0 1"),
    "left": ("left", "0 -1 1 1 0 0 0 0 1"),
    "right": ("right", "0 1 0 -1 0 1 0 0 1"),
    "inverted": ("inverted", "-1 0 1 0 -1 1 0 0 1"),
}

XORG_TEMPLATE = """\
# Managed by kiosk-display; local edits are overwritten.
Section "Monitor"
    Identifier "{output}"
    Option "Rotate" "{rotate}"
    Option "DPMS" "false"
EndSection

Section "InputClass"
    Identifier "kiosk touch"
    MatchIsTouchscreen "on"
    Option "TransformationMatrix" "{matrix}"
EndSection

Section "ServerFlags"
    Option "BlankTime" "0"
    Option "StandbyTime" "0"
    Option "SuspendTime" "0"
    Option "OffTime" "0"
EndSection
"""


class DisplayConfigurator:
    conf_dir = Path("/etc/X11/xorg.conf.d")
    conf_name = "90-kiosk-display.conf"

    def __init__(self, output, rotation, dry_run=False):
        self.output = output
        self.rotate, self.matrix = ROTATIONS[rotation]
        self.dry_run = dry_run

    def _run(self, argv, **kw):
        log.debug("run: %s", " ".join(argv))
        if self.dry_run:
            return subprocess.CompletedProcess(argv, 0, "", "")
        return subprocess.run(argv, check=True, text=True, capture_output=True, **kw)

    def detect_output(self):
        if self.output:
            return self.output
        res = subprocess.run(["xrandr", "--query"], capture_output=True, text=True, check=True)
        for line in res.stdout.splitlines():
            if " connected" in line:
                self.output = line.split()[0]
                log.info("detected output %s", self.output)
                return self.output
        raise RuntimeError("no connected display found")

    def apply_live(self):
        self._run(["xrandr", "--output", self.output, "--rotate", self.rotate])
        res = subprocess.run(["xinput", "list", "--name-only"], capture_output=True, text=True)
        for name in res.stdout.splitlines():
            if "touch" in name.lower():
                self._run(["xinput", "set-prop", name, "Coordinate Transformation Matrix",
                           *self.matrix.split()])
                log.info("mapped touch device %s", name)
        self._run(["xset", "s", "off", "-dpms", "s", "noblank"])

    def persist(self):
        content = XORG_TEMPLATE.format(output=self.output, rotate=self.rotate, matrix=self.matrix)
        target = self.conf_dir / self.conf_name
        if target.exists() and target.read_text() == content:
            log.info("%s already up to date", target)
            return
        elevate = [] if shutil.which("sudo") is None else ["sudo", "-n"]
        self._run(elevate + ["install", "-d", "-m", "0755", str(self.conf_dir)])
        self._run(elevate + ["tee", str(target)], input=content)
        self._run(elevate + ["chmod", "0644", str(target)])
        log.info("wrote %s", target)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--output", help="xrandr output name (auto-detect if omitted)")
    ap.add_argument("--rotation", choices=sorted(ROTATIONS), default="left")
    ap.add_argument("--no-persist", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = DisplayConfigurator(args.output, args.rotation, args.dry_run)
    try:
        cfg.detect_output()
        cfg.apply_live()
        if not args.no_persist:
            cfg.persist()
    except (RuntimeError, subprocess.CalledProcessError, FileNotFoundError) as exc:
        err = getattr(exc, "stderr", "") or ""
        log.error("display setup failed: %s %s", exc, err.strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
