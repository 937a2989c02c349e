#!/usr/bin/env python3
"""Generate stable device names for the project's field recorders.

Every recorder in the kit box (Zoom H5/H6/F3, Tascam DR-40X, Sound Devices
MixPre) shows up as a generic USB mass-storage device.  The offload scripts
need predictable names such as /dev/recorder-zoom-h5-03, so this tool reads
the kit inventory (recorders.toml), renders one udev rule per serial number
and installs the rules file.

    recorder_udev_rules.py --inventory kit/recorders.toml
    recorder_udev_rules.py --inventory kit/recorders.toml --print
"""
from __future__ import annotations

import argparse
import logging
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

try:
    import tomllib  # Python 3.11+
except ModuleNotFoundError:  # pragma: no cover
    import tomli as tomllib  # type: ignore

log = logging.getLogger("recorder-udev")

RULES_NAME = "72-field-recorders.rules"
DEFAULT_RULES_DIR = Path("/etc/udev/rules.d")
HEADER = (
    "# Managed by recorder_udev_rules.py - edit kit/recorders.toml instead.\n"
    "# One line per recorder serial; SYMLINK gives /dev/recorder-<model>-<nn>.\n"
)


@dataclass(frozen=True)
class Recorder:
    model: str
    serial: str
    vendor_id: str
    product_id: str
    kit_number: int
    group: str = "plugdev"

    @property
    def slug(self) -> str:
        base = re.sub(r"[^a-z0-9]+", "-", self.model.lower()).strip("-")
        return f"recorder-{base}-{self.kit_number:02d}"

    def rule(self) -> str:
        return (
            f'SUBSYSTEM=="block", ENV{{DEVTYPE}}=="partition", '
            f'ATTRS{{idVendor}}=="{self.vendor_id}", ATTRS{{idProduct}}=="{self.product_id}", '
            f'ATTRS{{serial}}=="{self.serial}", '
            f'SYMLINK+="{self.slug}", GROUP="{self.group}", MODE="0660", '
            f'ENV{{UDISKS_NAME}}="{self.model} #{self.kit_number}"'
        )


def load_inventory(path: Path) -> list[Recorder]:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    recorders = []
    for idx, entry in enumerate(data.get("recorder", []), start=1):
        try:
            recorders.append(
                Recorder(
                    model=entry["model"],
                    serial=str(entry["serial"]),
                    vendor_id=entry["vendor_id"].lower(),
                    product_id=entry["product_id"].lower(),
                    kit_number=int(entry.get("kit_number", idx)),
                    group=entry.get("group", "plugdev"),
                )
            )
        except KeyError as exc:
            log.warning("inventory entry %d is missing %s, skipped", idx, exc)
    return recorders


def render(recorders: list[Recorder]) -> str:
    seen = set()
    lines = [HEADER]
    for rec in sorted(recorders, key=lambda r: (r.model, r.kit_number)):
        if rec.slug in seen:
            log.warning("duplicate kit number for %s, skipped", rec.slug)
            continue
        seen.add(rec.slug)
        lines.append(f"# {rec.model} kit #{rec.kit_number}\n{rec.rule()}\n")
    return "\n".join(lines)


def install(text: str, rules_dir: Path) -> Path:
    target = rules_dir / RULES_NAME
    if target.exists() and target.read_text() == text:
        log.info("%s already up to date", target)
        return target
    fd, tmp = tempfile.mkstemp(dir=rules_dir, prefix=".recorders-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    log.info("wrote %s", target)
    return target


def reload_udev() -> None:
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=block", "--action=change"]):
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s failed: %s", " ".join(cmd), res.stderr.strip())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inventory", type=Path, default=Path("kit/recorders.toml"))
    ap.add_argument("--rules-dir", type=Path, default=DEFAULT_RULES_DIR)
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print the rules instead of installing them")
    ap.add_argument("--no-reload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.inventory.is_file():
        log.error("inventory %s not found", args.inventory)
        return 2
    recorders = load_inventory(args.inventory)
    if not recorders:
        log.error("no recorders listed in %s", args.inventory)
        return 1

    text = render(recorders)
    if args.print_only:
        sys.stdout.write(text)
        return 0

    try:
        install(text, args.rules_dir)
    except PermissionError:
        log.error("cannot write to %s (run from the admin account)", args.rules_dir)
        return 1
    if not args.no_reload:
        reload_udev()
    log.info("%d recorders registered", len(recorders))
    return 0


if __name__ == "__main__":
    sys.exit(main())
