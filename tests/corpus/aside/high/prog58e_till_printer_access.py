#!/usr/bin/env python3
"""Give the point-of-sale user access to the receipt and label printers
attached to a till, based on the store's peripheral inventory file.

The inventory lists USB vendor/product ids per till model; the tool renders
a device rule granting the 'pos' group read/write access and installs it."""

import argparse
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

logger = logging.getLogger("till-setup")
RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "72-pos-peripherals.rules"


class Peripheral:
    def __init__(self, kind: str, vendor: str, product: str, label: str = ""):
        self.kind = kind
        self.vendor = vendor.lower().removeprefix("0x")
        self.product = product.lower().removeprefix("0x")
        self.label = label or kind

    def rule(self, group: str) -> str:
        return (f'# {self.label}\n'
                f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{self.vendor}", '
                f'ATTRS{{idProduct}}=="{self.product}", MODE="0660", GROUP="{group}"\n')


def peripherals_for(inventory: Path, till_model: str):
    data = json.loads(inventory.read_text())
    model = data.get("models", {}).get(till_model)
    if model is None:
        raise KeyError(f"till model {till_model!r} not in inventory")
    for entry in model.get("peripherals", []):
        yield Peripheral(entry["kind"], entry["vendor"], entry["product"], entry.get("label", ""))


def render(devices, group: str) -> str:
    header = "# Managed by till-setup; local edits will be overwritten\n"
    return header + "\n".join(d.rule(group) for d in devices)


def install(content: str, rules_dir: Path, dry_run: bool) -> Path:
    destination = rules_dir / RULE_NAME
    if dry_run:
        sys.stdout.write(content)
        return destination
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".rules") as tmp:
        tmp.write(content)
        staged = tmp.name
    if destination.exists():
        shutil.copy2(destination, destination.with_suffix(".rules.bak"))
    shutil.move(staged, destination)
    os.chmod(destination, 0o644)
    return destination


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("till_model", help="e.g. TM-T88-COMBO")
    ap.add_argument("--inventory", type=Path, default=Path("peripherals.json"))
    ap.add_argument("--group", default="pos")
    ap.add_argument("--rules-dir", type=Path, default=RULES_DIR)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        devices = list(peripherals_for(args.inventory, args.till_model))
    except (OSError, ValueError, KeyError) as exc:
        logger.error("cannot read inventory: %s", exc)
        return 2
    if not devices:
        logger.warning("no peripherals listed for %s", args.till_model)
        return 0
    try:
        path = install(render(devices, args.group), args.rules_dir, args.dry_run)
    except PermissionError:
        logger.error("need root to write %s", args.rules_dir)
        return 3
    logger.info("%d device rules -> %s", len(devices), path)
    if not args.dry_run:
        logger.info("replug the devices or reboot the till to apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
