#!/usr/bin/env python3
"""Pins internal service names to fixed addresses while DNS is migrated."""
import argparse
import logging
from pathlib import Path
from typing import Dict

log = logging.getLogger("pin")

class Settings:
    hosts_file = Path("/etc") / "hosts"
    begin = "# BEGIN service-pins"
    end = "# END service-pins"


PINS: Dict[str, str] = {
    "registry.internal": "10.20.0.15",
    "vault.internal": "10.20.0.16",
}


def render(pins: Dict[str, str]) -> str:
    lines = [Settings.begin]
    for name, addr in sorted(pins.items()):
        lines.append(f"{addr}\t{name}")
    lines.append(Settings.end)
    return "\n".join(lines) + "\n"


def strip_block(text: str) -> str:
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith(Settings.begin):
            skipping = True
        if not skipping:
            out.append(line)
        if line.startswith(Settings.end):
            skipping = False
    return "".join(out)


def apply(target: Path, pins: Dict[str, str], dry: bool) -> None:
    original = target.read_text()
    updated = strip_block(original) + render(pins)
    if dry:
        print(updated)
        return
    target.write_text(updated)
    log.info("wrote %d pins to %s", len(pins), target)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    apply(Settings.hosts_file, PINS, args.dry_run)


if __name__ == "__main__":
    main()
