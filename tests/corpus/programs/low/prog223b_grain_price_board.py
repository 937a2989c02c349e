#!/usr/bin/env python3
"""Build the grain price board shown on the weighbridge lobby screen.

Fetches today's cash bids from the co-op pricing API (plain GET), caches the
response under ./cache keyed by an MD5 of the URL, and renders board.html.
Extra lines (e.g. "Lane 2 closed for calibration") can be piped in on stdin:

    printf 'Lane 2 closed 14:00-15:00\n' | ./grain_price_board.py --notices -

It also writes board.env with the headline prices so the shell scripts that
drive the LED ticker can `source` it.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import os
import sys
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("price_board")

PRICE_API = os.environ.get("PRICE_API", "https://prices.example.com/api/v1/bids")
CACHE_DIR = Path("./cache")
CACHE_TTL = 15 * 60


class PriceSource:
    def __init__(self, url: str, site: str):
        self.url = f"{url}?site={site}"
        self.cache_file = CACHE_DIR / (hashlib.md5(self.url.encode()).hexdigest() + ".json")

    def _cached(self):
        if self.cache_file.exists() and time.time() - self.cache_file.stat().st_mtime < CACHE_TTL:
            return json.loads(self.cache_file.read_text())
        return None

    def get(self) -> dict:
        cached = self._cached()
        if cached is not None:
            LOG.info("using cached prices")
            return cached
        try:
            with urllib.request.urlopen(self.url, timeout=10) as resp:
                data = json.load(resp)
        except (OSError, ValueError) as exc:
            LOG.warning("price API failed (%s)", exc)
            if self.cache_file.exists():
                return json.loads(self.cache_file.read_text())
            raise
        CACHE_DIR.mkdir(exist_ok=True)
        self.cache_file.write_text(json.dumps(data))
        return data


def os_name() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown OS"


def render(bids: list, notices: list, logo: Path | None) -> str:
    logo_tag = ""
    if logo and logo.exists():
        logo_tag = f'<img src="data:image/png;base64,{base64.b64encode(logo.read_bytes()).decode()}">'
    rows = "".join(
        f"<tr><td>{html.escape(b['grain'])}</td><td>{b['price']:.2f}</td><td>{html.escape(b.get('unit', '$/t'))}</td></tr>"
        for b in bids)
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in notices)
    return (f"<html><body>{logo_tag}<h1>Cash bids {time.strftime('%d %b %Y %H:%M')}</h1>"
            f"<table>{rows}</table><ul>{notes}</ul>"
            f"<footer>{html.escape(os_name())}</footer></body></html>")


def write_atomic(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".part")
    tmp.write_text(text)
    os.chmod(tmp, 0o600)
    tmp.replace(path)


def main() -> int:
    ap = argparse.ArgumentParser(description="lobby grain price board")
    ap.add_argument("--site", default=os.environ.get("WB_SITE", "north"))
    ap.add_argument("--notices", help="file with notice lines, '-' for stdin")
    ap.add_argument("--logo", type=Path, default=Path("coop_logo.png"))
    ap.add_argument("--out", type=Path, default=Path("board.html"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    notices = []
    if args.notices == "-":
        notices = [l.strip() for l in sys.stdin if l.strip()]
    elif args.notices:
        notices = [l.strip() for l in Path(args.notices).read_text().splitlines() if l.strip()]

    try:
        data = PriceSource(PRICE_API, args.site).get()
    except (OSError, ValueError):
        LOG.error("no prices available")
        return 1
    bids = [b for b in data.get("bids", []) if "grain" in b and "price" in b]
    write_atomic(args.out, render(bids, notices, args.logo))

    env_lines = [f"BOARD_UPDATED={int(time.time())}"]
    for b in bids:
        key = "PRICE_" + "".join(c if c.isalnum() else "_" for c in b["grain"].upper())
        env_lines.append(f"{key}={b['price']:.2f}")
    write_atomic(Path("board.env"), "\n".join(env_lines) + "\n")
    LOG.info("board updated with %d bids, %d notices", len(bids), len(notices))
    return 0


if __name__ == "__main__":
    sys.exit(main())
