#!/usr/bin/env python3
"""Provision the parts-bin / repair-ticket label printer.

Adds the Zebra or Brother label printer on the bench to CUPS with the right
media size, sets it as the default for the ticket app, and prints a test
label.  Printer settings come from labelprinter.toml so every shop is set up
the same way.
"""

import argparse
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("labelprinter")

ESCALATORS = ("pkexec", "doas", "sudo")


@dataclass
class PrinterProfile:
    name: str
    uri: str
    model: str
    media: str = "w162h90"
    location: str = "Repair bench"
    default: bool = True

    @classmethod
    def from_file(cls, path: Path, section: str) -> "PrinterProfile":
        data = tomllib.loads(path.read_text())
        if section not in data:
            raise KeyError(f"profile '{section}' not in {path}")
        return cls(**data[section])


class AdminRunner:
    """Runs CUPS admin commands through whichever escalation tool the desktop has."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = self._pick_prefix()

    @staticmethod
    def _pick_prefix():
        for tool in ESCALATORS:
            found = shutil.which(tool)
            if found:
                return [found]
        return []

    def run(self, *argv):
        cmd = self.prefix + list(argv)
        log.debug("running: %s", " ".join(cmd))
        if self.dry_run:
            print("DRY:", " ".join(cmd))
            return ""
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed: {res.stderr.strip() or res.returncode}")
        return res.stdout


def installed_printers():
    res = subprocess.run(["lpstat", "-p"], capture_output=True, text=True)
    names = set()
    for line in res.stdout.splitlines():
        parts = line.split()
        if len(parts) > 1 and parts[0] == "printer":
            names.add(parts[1])
    return names


def provision(profile: PrinterProfile, runner: AdminRunner):
    if profile.name in installed_printers():
        log.info("%s already present, updating options", profile.name)
    else:
        log.info("adding %s (%s)", profile.name, profile.uri)
    runner.run("lpadmin", "-p", profile.name, "-E",
               "-v", profile.uri, "-m", profile.model,
               "-L", profile.location,
               "-o", f"media={profile.media}",
               "-o", "printer-error-policy=retry-job")
    runner.run("cupsenable", profile.name)
    runner.run("cupsaccept", profile.name)
    if profile.default:
        runner.run("lpadmin", "-d", profile.name)


def print_test_label(profile: PrinterProfile, workdir: Path):
    label = workdir / "test_label.txt"
    label.write_text("REPAIR BENCH\nTicket #000000\nLabel printer OK\n")
    subprocess.run(["lp", "-d", profile.name, "-o", f"media={profile.media}", str(label)], check=True)
    label.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("labelprinter.toml"))
    ap.add_argument("-p", "--profile", default="zebra_gk420d")
    ap.add_argument("--no-test", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        profile = PrinterProfile.from_file(args.config, args.profile)
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot load printer profile: %s", exc)
        return 2

    runner = AdminRunner(dry_run=args.dry_run)
    try:
        provision(profile, runner)
        if not args.no_test and not args.dry_run:
            print_test_label(profile, Path.cwd())
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1
    log.info("label printer %s ready", profile.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
