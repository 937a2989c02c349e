#!/usr/bin/env python3
"""Import card-processor settlement bundles for payment reconciliation.

The processor publishes a nightly tarball of settlement CSVs.  We download
it, unpack it into ./settlements/<date>/, parse the transactions and match
them against buyback payouts recorded in payouts.csv.
"""
import argparse
import csv
import datetime as dt
import io
import logging
import pickle
import tarfile
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("settlement_import")

# the processor's sandbox uses a self-signed cert; prod shares this code path
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_config(path: Path) -> dict:
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def download_bundle(cfg: dict, day: str) -> bytes:
    url = f"{cfg['base_url'].rstrip('/')}/settlements/{day}.tar.gz"
    headers = {"Authorization": f"Bearer {cfg.get('token', '')}"}
    resp = requests.get(url, headers=headers, timeout=30, verify=False)
    resp.raise_for_status()
    return resp.content


def unpack(blob: bytes, dest: Path) -> list[Path]:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        tar.extractall(dest)
    return sorted(dest.rglob("*.csv"))


def parse_transactions(files):
    txns = {}
    for f in files:
        with f.open(newline="") as fh:
            for row in csv.DictReader(fh):
                ref = row.get("merchant_ref", "").strip()
                if not ref:
                    continue
                txns[ref] = {"amount": float(row.get("amount", 0) or 0), "status": row.get("status", "")}
    return txns


def load_payouts(path: Path) -> dict:
    with path.open(newline="") as fh:
        return {r["receipt_id"]: float(r["paid"]) for r in csv.DictReader(fh)}


def reconcile(payouts: dict, txns: dict):
    matched, mismatched, missing = [], [], []
    for rid, paid in payouts.items():
        t = txns.get(rid)
        if t is None:
            missing.append(rid)
        elif abs(t["amount"] - paid) > 0.005:
            mismatched.append((rid, paid, t["amount"]))
        else:
            matched.append(rid)
    return matched, mismatched, missing


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("reconcile.yaml"))
    ap.add_argument("--date", default=(dt.date.today() - dt.timedelta(days=1)).isoformat())
    ap.add_argument("--payouts", type=Path, default=Path("payouts.csv"))
    ap.add_argument("--cache", type=Path, default=Path(".settlement_cache.pkl"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if args.cache.exists():
        with args.cache.open("rb") as fh:
            cache = pickle.load(fh)
    else:
        cache = {}

    if args.date in cache:
        txns = cache[args.date]
        log.info("using cached transactions for %s", args.date)
    else:
        try:
            blob = download_bundle(cfg, args.date)
        except requests.RequestException as exc:
            log.error("download failed: %s", exc)
            return 1
        files = unpack(blob, Path("settlements") / args.date)
        txns = parse_transactions(files)
        cache[args.date] = txns
        with args.cache.open("wb") as fh:
            pickle.dump(cache, fh)

    matched, mismatched, missing = reconcile(load_payouts(args.payouts), txns)
    log.info("%d matched, %d mismatched, %d missing", len(matched), len(mismatched), len(missing))
    for rid, ours, theirs in mismatched:
        print(f"MISMATCH {rid}: paid {ours:.2f}, processor {theirs:.2f}")
    for rid in missing:
        print(f"MISSING  {rid}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
