#!/usr/bin/env python3
"""lumen - smooth screen brightness changes for tiling window managers.

Bind it to the brightness keys, e.g. in sway:

    bindsym XF86MonBrightnessUp   exec lumen up 5
    bindsym XF86MonBrightnessDown exec lumen down 5

Changes are faded over a short time instead of jumping, and the last value is
remembered in ~/.cache/lumen so `lumen restore` can be run at login. Values
are read from sysfs and written through brightnessctl, which uses logind so no
extra permissions are needed.
"""
import argparse
import json
import logging
import math
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("lumen")

SYSFS_BACKLIGHT = Path("/sys/class/backlight")
STATE_FILE = Path.home() / ".cache" / "lumen" / "state.json"
BRIGHTNESSCTL = shutil.which("brightnessctl") or "brightnessctl"
PREFERRED = ("intel_backlight", "amdgpu_bl0", "amdgpu_bl1", "nvidia_0", "acpi_video0")


class Backlight:
    def __init__(self, name=None):
        self.path = self._pick(name)
        self.name = self.path.name
        self.max = int((self.path / "max_brightness").read_text())

    @staticmethod
    def _pick(name):
        if name:
            path = SYSFS_BACKLIGHT / name
            if not path.is_dir():
                raise FileNotFoundError(f"no backlight device {name}")
            return path
        devices = {p.name: p for p in SYSFS_BACKLIGHT.iterdir()}
        for candidate in PREFERRED:
            if candidate in devices:
                return devices[candidate]
        if devices:
            return sorted(devices.values())[0]
        raise FileNotFoundError("no backlight devices found")

    @property
    def raw(self):
        return int((self.path / "actual_brightness").read_text())

    @raw.setter
    def raw(self, value):
        value = max(1, min(self.max, int(value)))
        cmd = [BRIGHTNESSCTL, "--quiet", "--class=backlight",
               f"--device={self.name}", "set", str(value)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise OSError(proc.stderr.strip() or f"brightnessctl exited {proc.returncode}")

    @property
    def percent(self):
        return round(self.raw * 100 / self.max)

    def to_raw(self, percent):
        # perceptual curve: small steps at the dark end
        return round(self.max * (percent / 100) ** 2.2)

    def from_raw(self, raw):
        return round(100 * (raw / self.max) ** (1 / 2.2))


class Fader(threading.Thread):
    def __init__(self, backlight, target_percent, duration=0.25, steps=20):
        super().__init__(daemon=True)
        self.backlight = backlight
        self.target = backlight.to_raw(target_percent)
        self.duration = duration
        self.steps = steps
        self.error = None

    def run(self):
        try:
            start = self.backlight.raw
            for i in range(1, self.steps + 1):
                t = i / self.steps
                eased = 0.5 - math.cos(math.pi * t) / 2
                self.backlight.raw = start + (self.target - start) * eased
                time.sleep(self.duration / self.steps)
        except FileNotFoundError:
            self.error = OSError("brightnessctl is not installed")
        except OSError as exc:
            self.error = exc


def save_state(backlight):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(json.dumps({"device": backlight.name, "raw": backlight.raw}))


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return None


def main(argv=None):
    parser = argparse.ArgumentParser(prog="lumen")
    parser.add_argument("--device")
    parser.add_argument("--duration", type=float, default=0.25)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="action", required=True)
    for name in ("up", "down", "set"):
        p = sub.add_parser(name)
        p.add_argument("percent", type=float)
    sub.add_parser("get")
    sub.add_parser("restore")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="lumen: %(message)s")
    try:
        bl = Backlight(args.device)
        current = bl.from_raw(bl.raw)
        if args.action == "get":
            print(current)
            return 0
        if args.action == "restore":
            state = load_state()
            if not state or state.get("device") != bl.name:
                log.info("nothing to restore for %s", bl.name)
                return 0
            target = bl.from_raw(state["raw"])
        elif args.action == "up":
            target = current + args.percent
        elif args.action == "down":
            target = current - args.percent
        else:
            target = args.percent
        target = max(1.0, min(100.0, target))
        fader = Fader(bl, target, duration=args.duration)
        fader.start()
        fader.join()
        if fader.error:
            raise fader.error
        save_state(bl)
        log.info("%s: %d%% -> %d%%", bl.name, current, target)
    except PermissionError as exc:
        log.error("%s; is your session registered with logind?", exc)
        return 1
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
