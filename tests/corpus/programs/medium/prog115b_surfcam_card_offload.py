#!/usr/bin/env python3
"""Offload footage from the surf-lesson helmet/pole cameras.

Instructors drop the SD cards into the office reader after each session.
This finds the card by its volume label, copies new clips into
footage/<date>/<camera>/ with rsync (so interrupted copies resume), records
what was imported and optionally clears the card for the next lesson.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("offload")

CARD_LABELS = ("SURFCAM", "GOPRO", "POLECAM")
MEDIA_EXT = {".mp4", ".mov", ".jpg", ".lrv", ".thm"}
LEDGER = Path("footage/imported.jsonl")


def list_cards():
    """Return lsblk entries for attached partitions whose label looks like a lesson camera."""
    out = subprocess.run(
        ["lsblk", "-J", "-o", "NAME,LABEL,MOUNTPOINT,RM,SIZE,FSTYPE"],
        capture_output=True, text=True, check=True).stdout
    cards = []

    def walk(nodes):
        for node in nodes:
            label = (node.get("label") or "").upper()
            if any(label.startswith(l) for l in CARD_LABELS) and node.get("fstype"):
                cards.append(node)
            walk(node.get("children", []))

    walk(json.loads(out).get("blockdevices", []))
    return cards


def card_root(card):
    mnt = card.get("mountpoint")
    if mnt and os.path.ismount(mnt):
        return Path(mnt)
    log.warning("%s (%s) is not mounted yet - open it in the file manager and retry",
                card["name"], card.get("label"))
    return None


def clip_date(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d")


def offload(root: Path, label: str, dest_base: Path, dry_run=False):
    dcim = root / "DCIM" if (root / "DCIM").is_dir() else root
    clips = [p for p in dcim.rglob("*") if p.suffix.lower() in MEDIA_EXT and p.is_file()]
    if not clips:
        log.info("%s: nothing to import", label)
        return []
    by_day = {}
    for clip in clips:
        by_day.setdefault(clip_date(clip), []).append(clip)
    imported = []
    for day, items in sorted(by_day.items()):
        dest = dest_base / day / label.lower()
        dest.mkdir(parents=True, exist_ok=True)
        listfile = dest / ".incoming"
        listfile.write_text("\n".join(str(p.relative_to(dcim)) for p in items) + "\n")
        cmd = ["rsync", "-a", "--partial", "--ignore-existing", f"--files-from={listfile}",
               f"{dcim}/", f"{dest}/"]
        if dry_run:
            cmd.insert(1, "--dry-run")
        log.info("%s: %d clips -> %s", label, len(items), dest)
        subprocess.run(cmd, check=True)
        listfile.unlink()
        imported.extend(str(dest / p.relative_to(dcim)) for p in items)
    return imported


def record(label, files):
    LEDGER.parent.mkdir(parents=True, exist_ok=True)
    with LEDGER.open("a") as fh:
        fh.write(json.dumps({"ts": int(time.time()), "card": label, "files": files}) + "\n")


def clear_card(root: Path):
    dcim = root / "DCIM"
    if dcim.is_dir():
        for child in dcim.iterdir():
            shutil.rmtree(child) if child.is_dir() else child.unlink()
        log.info("cleared %s", dcim)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dest", type=Path, default=Path("footage"))
    ap.add_argument("--clear", action="store_true", help="wipe DCIM on the card after a verified import")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not shutil.which("rsync"):
        log.error("rsync is not installed")
        return 1
    cards = list_cards()
    if not cards:
        log.info("no camera cards found (labels %s)", ", ".join(CARD_LABELS))
        return 0
    rc = 0
    for card in cards:
        root = card_root(card)
        if root is None:
            rc = 1
            continue
        try:
            files = offload(root, card["label"], args.dest, args.dry_run)
        except subprocess.CalledProcessError as exc:
            log.error("%s: copy failed (%s), card left untouched", card["label"], exc)
            rc = 1
            continue
        if files and not args.dry_run:
            record(card["label"], files)
            if args.clear:
                clear_card(root)
    return rc


if __name__ == "__main__":
    sys.exit(main())
