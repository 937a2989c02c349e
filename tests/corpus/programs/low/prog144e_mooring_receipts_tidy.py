#!/usr/bin/env python3
"""Build mooring payment receipts and tidy the build cache.

Reads the day's mooring payments (CSV), renders a plain-text receipt per
boater, and bundles them into a JSON file ready for the mail service, with
each receipt base64-encoded as an attachment. Rendered receipts are cached by
content hash so re-runs only rebuild what changed.
"""

import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path

log = logging.getLogger("mooring_receipts")

CACHE_DIR = Path("./.receipt_cache")
BUILD_DIR = Path("./build")

TEMPLATE = """Canal Moorings - Payment Receipt
--------------------------------
Boat:        {boat}
Berth:       {berth}
Nights:      {nights}
Amount paid: GBP {amount}
Reference:   {ref}
Date:        {date}

Thank you for mooring with us.
"""


def cache_key(row):
    """Key receipts on their content so unchanged rows are reused."""
    raw = json.dumps(row, sort_keys=True).encode()
    return hashlib.md5(raw).hexdigest()


def render(row):
    key = cache_key(row)
    cached = CACHE_DIR / f"{key}.txt"
    if cached.exists():
        return cached.read_text()
    text = TEMPLATE.format(**row)
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(text)
    return text


def read_payments(path):
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh):
            yield {
                "boat": r.get("boat_name", "").strip(),
                "berth": r.get("berth", "").strip(),
                "nights": r.get("nights", "1").strip(),
                "amount": r.get("amount", "0.00").strip(),
                "ref": r.get("reference", "").strip(),
                "date": r.get("date", "").strip(),
                "email": r.get("email", "").strip(),
            }


def write_bundle(messages, dest):
    """Write atomically: temp file in the same folder, then rename."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".bundle-", dir=dest.parent)
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(messages, fh, indent=2)
        os.chmod(tmp, 0o600)  # contains boater email addresses
        os.replace(tmp, dest)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def clean():
    for d in (CACHE_DIR, BUILD_DIR):
        if d.exists():
            shutil.rmtree(d)
            log.info("removed %s", d)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("payments", nargs="?", help="payments CSV")
    parser.add_argument("--out", default=str(BUILD_DIR / "receipts.json"))
    parser.add_argument("--clean", action="store_true", help="remove cache and build output")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        clean()
        if not args.payments:
            return 0
    if not args.payments:
        parser.error("payments CSV required")

    messages = []
    for row in read_payments(args.payments):
        if not row["email"]:
            log.warning("no email for %s, skipping", row["boat"])
            continue
        body = render({k: v for k, v in row.items() if k != "email"})
        messages.append({
            "to": row["email"],
            "subject": f"Mooring receipt {row['ref']}",
            "attachment": {"filename": f"receipt_{row['ref']}.txt",
                           "content_b64": base64.b64encode(body.encode()).decode()},
        })
    write_bundle(messages, Path(args.out))
    log.info("wrote %d receipts to %s", len(messages), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
