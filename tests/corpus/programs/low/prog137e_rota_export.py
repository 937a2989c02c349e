#!/usr/bin/env python3
"""Export the weekly staff rota.

Reads the rota CSV kept by the duty manager, writes one private text file
per staff member with their shifts, and keeps a small cache of rendered
weeks so re-running is cheap. The combined PDF-ready bundle is attached
(base64) to the payroll API request.
"""

import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import pathlib
import tempfile
from collections import defaultdict

import requests

log = logging.getLogger("rota_export")

CACHE_DIR = pathlib.Path(".rota_cache")
OUT_DIR = pathlib.Path("rota_out")
PAYROLL_URL = "https://payroll.example.com/api/rota-import"


def read_rota(path):
    shifts = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            name = row.get("staff", "").strip()
            if not name:
                continue
            shifts[name].append((row["day"], row["start"], row["end"], row.get("area", "")))
    return shifts


def cache_key(path):
    # MD5 is fine here: it only names cache files
    h = hashlib.md5()
    h.update(pathlib.Path(path).read_bytes())
    return h.hexdigest()


def write_private(path, text):
    """Write atomically and keep the file readable only by us."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp_", suffix=".txt")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def render(name, rows):
    lines = [f"Rota for {name}", ""]
    for day, start, end, area in sorted(rows):
        lines.append(f"{day:<10} {start}-{end}  {area}")
    return "\n".join(lines) + "\n"


def clear_cache(keep):
    for f in CACHE_DIR.glob("*.json"):
        if f.stem != keep:
            f.unlink()
            log.debug("removed stale cache %s", f.name)


def send_to_payroll(bundle_text, week):
    key = os.environ.get("PAYROLL_API_KEY")
    if not key:
        log.info("PAYROLL_API_KEY not set, skipping payroll upload")
        return
    payload = {"week": week, "bundle_b64": base64.b64encode(bundle_text.encode()).decode()}
    resp = requests.post(PAYROLL_URL, json=payload, headers={"X-Api-Key": key}, timeout=20)
    resp.raise_for_status()
    log.info("payroll accepted rota for week %s", week)


def main():
    ap = argparse.ArgumentParser(description="Export weekly staff rota")
    ap.add_argument("csv")
    ap.add_argument("--week", required=True)
    ap.add_argument("--upload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = cache_key(args.csv)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        rendered = json.loads(cached.read_text())
        log.info("using cached render")
    else:
        rendered = {n: render(n, rows) for n, rows in read_rota(args.csv).items()}
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(rendered))
        clear_cache(key)

    for name, text in rendered.items():
        safe = "".join(c if c.isalnum() else "_" for c in name)
        write_private(OUT_DIR / args.week / f"{safe}.txt", text)
    log.info("wrote %d staff files", len(rendered))

    if args.upload:
        try:
            send_to_payroll("\f".join(rendered.values()), args.week)
        except requests.RequestException as exc:
            log.error("payroll upload failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
