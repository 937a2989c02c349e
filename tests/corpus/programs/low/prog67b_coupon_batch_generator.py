#!/usr/bin/env python3
"""Generate a batch of single-use discount codes and register them with the store.

Campaign settings (prefix, count, discount, expiry) live in a plain INI
file so marketing can edit them.  Codes are produced in chunks, written to a
CSV for the CRM mail-merge, then uploaded to the storefront's discount API.
Intermediate chunk files are kept in .coupon_cache/ so an interrupted upload
can resume; the cache is cleared once the campaign is fully registered.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import secrets
import shutil
import string
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator, List

log = logging.getLogger("coupons")

ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "O0I1")
CACHE_DIR = Path(".coupon_cache")
STORE_API = os.environ.get("STORE_API_URL", "https://api.northwind-shop.com/admin/v1")


def load_campaign(path: str) -> dict:
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    c = cp["campaign"]
    return {
        "name": c["name"],
        "prefix": c.get("prefix", "NW"),
        "count": c.getint("count", 1000),
        "length": c.getint("length", 10),
        "percent_off": c.getint("percent_off", 15),
        "expires": c["expires"],
        "chunk": c.getint("chunk", 250),
    }


def code_stream(prefix: str, length: int) -> Iterator[str]:
    while True:
        body = "".join(secrets.choice(ALPHABET) for _ in range(length))
        yield f"{prefix}-{body[:length // 2]}-{body[length // 2:]}"


def generate(campaign: dict) -> List[Path]:
    CACHE_DIR.mkdir(exist_ok=True)
    seen, chunk, chunks = set(), [], []
    for code in code_stream(campaign["prefix"], campaign["length"]):
        if code in seen:
            continue
        seen.add(code)
        chunk.append(code)
        if len(chunk) == campaign["chunk"] or len(seen) == campaign["count"]:
            path = CACHE_DIR / f"{campaign['name']}_{len(chunks):04d}.json"
            path.write_text(json.dumps(chunk))
            chunks.append(path)
            chunk = []
        if len(seen) == campaign["count"]:
            break
    return chunks


def write_csv(campaign: dict, chunks: List[Path], out: Path) -> None:
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["code", "percent_off", "expires", "campaign"])
        for path in chunks:
            for code in json.loads(path.read_text()):
                writer.writerow([code, campaign["percent_off"], campaign["expires"], campaign["name"]])
    os.chmod(out, 0o600)


def upload_chunk(campaign: dict, codes: List[str], token: str) -> None:
    payload = json.dumps({
        "campaign": campaign["name"],
        "percent_off": campaign["percent_off"],
        "ends_at": campaign["expires"],
        "usage_limit": 1,
        "codes": codes,
    }).encode()
    req = urllib.request.Request(
        f"{STORE_API}/discount_codes/batch",
        data=payload,
        method="POST",
        headers={"Content-Type": "application/json", "X-Store-Token": token},
    )
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                log.debug("chunk accepted: %s", resp.status)
                return
        except urllib.error.HTTPError as exc:
            if exc.code not in (429, 502, 503):
                raise
            time.sleep(2 ** attempt)
    raise RuntimeError("store API kept rejecting the batch")


def clear_cache() -> None:
    if CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cleared %s", CACHE_DIR)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign_file")
    ap.add_argument("--out", default=None, help="CSV path (default <name>_codes.csv)")
    ap.add_argument("--skip-upload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        campaign = load_campaign(args.campaign_file)
    except (FileNotFoundError, KeyError) as exc:
        log.error("bad campaign file: %s", exc)
        return 2

    chunks = generate(campaign)
    out = Path(args.out or f"{campaign['name']}_codes.csv")
    write_csv(campaign, chunks, out)
    log.info("wrote %d codes to %s", campaign["count"], out)

    if not args.skip_upload:
        token = os.environ.get("STORE_ADMIN_TOKEN")
        if not token:
            log.error("STORE_ADMIN_TOKEN not set; codes written but not registered")
            return 1
        for i, path in enumerate(chunks, 1):
            upload_chunk(campaign, json.loads(path.read_text()), token)
            path.unlink()
            log.info("registered chunk %d/%d", i, len(chunks))
    clear_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
