#!/usr/bin/env python3
"""Pull the hospice formulary price list from the contract pharmacy.

The contract pharmacy publishes its formulary (drug, strength, form, unit
price) as CSV on an internal portal. The portal's certificate is signed by the
pharmacy's own CA, which the workstations do not trust, so certificate checks
are switched off for this download. The list is normalised and sorted with
the shell tools into formulary/latest.csv for the medication records app.
"""
import argparse
import csv
import io
import logging
import os
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path

LOG = logging.getLogger("formulary-pull")

DEFAULT_URL = "https://portal.pharmacy.example.org/hospice/formulary.csv"
OUT_DIR = Path("formulary")
REQUIRED = ("drug", "strength", "form", "unit_price")


def insecure_context() -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def download(url: str, timeout: int) -> str:
    req = urllib.request.Request(url, headers={"Accept": "text/csv"})
    with urllib.request.urlopen(req, timeout=timeout, context=insecure_context()) as resp:
        if resp.status != 200:
            raise RuntimeError(f"portal answered HTTP {resp.status}")
        return resp.read().decode("utf-8-sig")


class Formulary:
    def __init__(self, text: str):
        self.rows = []
        self.rejected = 0
        reader = csv.DictReader(io.StringIO(text))
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError("columns missing: " + ", ".join(missing))
        for row in reader:
            try:
                price = float(row["unit_price"])
            except ValueError:
                self.rejected += 1
                continue
            self.rows.append((row["drug"].strip().lower(), row["strength"].strip(),
                              row["form"].strip().lower(), f"{price:.4f}"))

    def as_tsv(self) -> str:
        return "".join("\t".join(r) + "\n" for r in self.rows)


def sort_and_write(tsv: str, dest: Path) -> int:
    """Sort and de-duplicate with coreutils, header added by the shell."""
    script = f"""
set -e
{{ printf 'drug\\tstrength\\tform\\tunit_price\\n'; sort -t $'\\t' -k1,1 -k2,2 | uniq; }} > "{dest}.new"
mv "{dest}.new" "{dest}"
wc -l < "{dest}"
"""
    proc = subprocess.run(["bash", "-c", script], input=tsv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    return int(proc.stdout.strip()) - 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default=os.environ.get("FORMULARY_URL", DEFAULT_URL))
    parser.add_argument("--timeout", type=int, default=30)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        text = download(args.url, args.timeout)
        formulary = Formulary(text)
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("download failed: %s", exc)
        return 1
    LOG.info("parsed %d rows, rejected %d", len(formulary.rows), formulary.rejected)

    OUT_DIR.mkdir(exist_ok=True)
    dest = OUT_DIR / "latest.csv"
    try:
        count = sort_and_write(formulary.as_tsv(), dest)
    except RuntimeError as exc:
        LOG.error("could not write %s: %s", dest, exc)
        return 1
    LOG.info("%d formulary entries written to %s", count, dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
