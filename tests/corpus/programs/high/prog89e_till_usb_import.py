#!/usr/bin/env python3
"""Import the till's end-of-day CSV exports into the shop's sales ledger.

The till writes one file per day (Z-report) as ZREP_<YYYYMMDD>.CSV onto the
USB stick labelled TILLEXPORT. Plug the stick into the office PC and run this:
it finds the stick by label, mounts it, reads the reports, and unmounts it so
it can go straight back into the till.
Rows are normalised, de-duplicated and appended to ledger/sales.jsonl; a
per-department summary for each day goes to ledger/summary-<date>.json.
"""
import argparse
import contextlib
import csv
import hashlib
import json
import logging
import os
import re
import subprocess
import sys
from collections import defaultdict
from datetime import datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path

LEDGER_DIR = Path("ledger")
LEDGER = LEDGER_DIR / "sales.jsonl"
SEEN = LEDGER_DIR / ".imported"
NAME_RE = re.compile(r"ZREP_(\d{8})\.CSV$", re.IGNORECASE)
DEPARTMENTS = {"01": "cut flowers", "02": "plants", "03": "sundries",
               "04": "delivery", "05": "gift cards", "06": "workshops"}

log = logging.getLogger("till_import")

STICK_LABEL = os.environ.get("TILL_STICK_LABEL", "TILLEXPORT")
MOUNT_POINT = Path(os.environ.get("TILL_MOUNT", "/mnt/tillexport"))


def find_stick(label):
    """Resolve the block device for a filesystem label via blkid."""
    proc = subprocess.run(["blkid", "-L", label], capture_output=True, text=True)
    dev = proc.stdout.strip()
    return dev or None


def _as_root(argv):
    return argv if os.geteuid() == 0 else ["sudo"] + argv


@contextlib.contextmanager
def mounted_stick(device, mount_point):
    if not mount_point.is_dir():
        subprocess.run(_as_root(["mkdir", "-p", str(mount_point)]), check=True)
    uid, gid = os.getuid(), os.getgid()
    opts = f"rw,uid={uid},gid={gid},umask=077"
    log.debug("mounting %s on %s", device, mount_point)
    subprocess.run(_as_root(["mount", "-t", "vfat", "-o", opts, device, str(mount_point)]),
                   check=True)
    try:
        yield mount_point
    finally:
        subprocess.run(_as_root(["umount", str(mount_point)]), check=False)
        log.debug("unmounted %s", mount_point)


def row_key(row):
    """Stable key used to skip rows already in the ledger."""
    blob = "|".join(row.get(k, "") for k in ("TXN", "LINE", "PLU", "AMOUNT", "TIME"))
    return hashlib.md5(blob.encode()).hexdigest()


def money(value):
    try:
        return Decimal(value.replace("£", "").replace(",", "").strip() or "0")
    except InvalidOperation:
        raise ValueError(f"bad amount {value!r}")


def read_zreport(path):
    day = datetime.strptime(NAME_RE.search(path.name).group(1), "%Y%m%d").date()
    with path.open(newline="", encoding="cp1252") as fh:
        for line_no, row in enumerate(csv.DictReader(fh, delimiter=";"), start=2):
            try:
                yield {
                    "key": row_key(row),
                    "date": day.isoformat(),
                    "time": row["TIME"],
                    "txn": row["TXN"],
                    "plu": row["PLU"],
                    "department": DEPARTMENTS.get(row["DEPT"].zfill(2), "other"),
                    "qty": int(row.get("QTY") or 1),
                    "amount": str(money(row["AMOUNT"])),
                    "tender": row.get("TENDER", "").lower() or "unknown",
                }
            except (KeyError, ValueError) as exc:
                log.warning("%s line %d skipped: %s", path.name, line_no, exc)


def load_seen():
    return set(SEEN.read_text().split()) if SEEN.exists() else set()


def import_files(files, seen):
    per_day = defaultdict(lambda: defaultdict(Decimal))
    added = 0
    with LEDGER.open("a", encoding="utf-8") as out:
        for f in files:
            for rec in read_zreport(f):
                if rec["key"] in seen:
                    continue
                out.write(json.dumps(rec) + "\n")
                seen.add(rec["key"])
                per_day[rec["date"]][rec["department"]] += Decimal(rec["amount"])
                added += 1
    return added, per_day


def write_summaries(per_day):
    for day, depts in per_day.items():
        target = LEDGER_DIR / f"summary-{day}.json"
        existing = json.loads(target.read_text()) if target.exists() else {}
        for dept, total in depts.items():
            existing[dept] = str(Decimal(existing.get(dept, "0")) + total)
        target.write_text(json.dumps(existing, indent=2, sort_keys=True))
        log.info("%s: %s", day, ", ".join(f"{k} £{v}" for k, v in sorted(existing.items())))


def run_import(source, keep):
    files = sorted(p for p in source.iterdir() if NAME_RE.search(p.name))
    if not files:
        log.info("no Z-reports in %s", source)
        return 0
    LEDGER_DIR.mkdir(exist_ok=True)
    seen = load_seen()
    added, per_day = import_files(files, seen)
    SEEN.write_text("\n".join(sorted(seen)))
    write_summaries(per_day)
    log.info("%d new rows from %d files", added, len(files))
    if not keep:
        done = source / "imported"
        done.mkdir(exist_ok=True)
        for f in files:
            f.rename(done / f.name)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", default=STICK_LABEL, help="filesystem label of the till stick")
    ap.add_argument("--device", help="block device, if blkid cannot find the label")
    ap.add_argument("--keep", action="store_true", help="leave imported CSVs on the stick")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    device = args.device or find_stick(args.label)
    if not device:
        log.error("no stick labelled %s found - is it plugged in?", args.label)
        return 1
    try:
        with mounted_stick(device, MOUNT_POINT) as root:
            return run_import(root, args.keep)
    except subprocess.CalledProcessError as exc:
        log.error("could not mount %s: %s", device, exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
