#!/usr/bin/env python3
"""Seal the monthly payroll export before it is handed to the accountant.

The POS back-office writes ``payroll_YYYY-MM.csv`` into the current
directory.  This tool validates the file, encrypts a copy with a Fernet key
that lives next to it (``.payroll.key``, mode 0600) and writes
``payroll_YYYY-MM.csv.sealed``.  The original export is left untouched so the
bookkeeper can still open it locally.
"""
import argparse
import csv
import hashlib
import logging
import os
import re
import sys
from datetime import date
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

KEY_FILE = Path(".payroll.key")
EXPORT_RE = re.compile(r"^payroll_(\d{4})-(\d{2})\.csv$")
REQUIRED_COLUMNS = {"employee_id", "name", "hours", "gross", "net"}

log = logging.getLogger("payroll-seal")


class ExportError(Exception):
    pass


def load_or_create_key(path=KEY_FILE):
    if path.exists():
        return path.read_bytes().strip()
    key = Fernet.generate_key()
    path.write_bytes(key)
    os.chmod(path, 0o600)
    log.info("created new sealing key %s", path)
    return key


def validate_export(path):
    m = EXPORT_RE.match(path.name)
    if not m:
        raise ExportError(f"{path.name} does not look like a payroll export")
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = REQUIRED_COLUMNS - set(reader.fieldnames or [])
        if missing:
            raise ExportError(f"missing columns: {', '.join(sorted(missing))}")
        rows = 0
        total_net = 0.0
        for row in reader:
            rows += 1
            try:
                total_net += float(row["net"])
            except ValueError:
                raise ExportError(f"row {rows}: net amount {row['net']!r} invalid")
    return rows, round(total_net, 2)


def seal(path, key):
    token = Fernet(key).encrypt(path.read_bytes())
    out = path.with_name(path.name + ".sealed")
    out.write_bytes(token)
    os.chmod(out, 0o600)
    digest = hashlib.sha256(token).hexdigest()
    return out, digest


def verify(sealed_path, key, original):
    try:
        plain = Fernet(key).decrypt(sealed_path.read_bytes())
    except InvalidToken:
        return False
    return plain == original.read_bytes()


def pick_default_export():
    today = date.today()
    year, month = (today.year, today.month - 1) if today.month > 1 else (today.year - 1, 12)
    return Path(f"payroll_{year:04d}-{month:02d}.csv")


def main(argv=None):
    ap = argparse.ArgumentParser(description="seal payroll export for hand-off")
    ap.add_argument("export", nargs="?", type=Path, default=None)
    ap.add_argument("--no-verify", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    export = args.export or pick_default_export()
    if export.parent not in (Path("."), Path("")):
        log.error("exports are expected in the current directory")
        return 2
    if not export.is_file():
        log.error("%s not found", export)
        return 2

    try:
        rows, total = validate_export(export)
    except ExportError as exc:
        log.error("validation failed: %s", exc)
        return 1
    log.info("%s: %d employees, net total %.2f", export, rows, total)

    key = load_or_create_key()
    sealed, digest = seal(export, key)
    log.info("wrote %s (sha256 %s)", sealed, digest[:16])

    if not args.no_verify and not verify(sealed, key, export):
        log.error("round-trip verification failed; removing %s", sealed)
        sealed.unlink()
        return 1

    Path("SEALED.txt").write_text(
        f"{sealed.name}\nsha256={digest}\nrows={rows}\nnet_total={total}\n",
        encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
