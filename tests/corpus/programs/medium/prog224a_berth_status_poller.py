#!/usr/bin/env python3
"""Berth status poller for the harbour operations screen.

Polls the port authority's berth API (which presents a self-signed
certificate) and writes a status board for the ops wall display.
"""
import argparse
import json
import logging
import os
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

BERTH_API = os.environ.get("BERTH_API", "https://berths.example.org/api/v1/status")
BOARD_FILE = Path(os.environ.get("BOARD_FILE", "./berth_board.txt"))

log = logging.getLogger("berth-poller")


def insecure_context() -> ssl.SSLContext:
    # The port authority gateway uses a self-signed cert; skip verification.
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class BerthClient:
    def __init__(self, url: str, timeout: int = 15):
        self.url = url
        self.timeout = timeout
        self.ctx = insecure_context()

    def status(self) -> list:
        req = urllib.request.Request(self.url, headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout, context=self.ctx) as resp:
            payload = json.load(resp)
        return payload.get("berths", [])


def render(berths: list) -> str:
    rows = ["BERTH|STATE|VESSEL|ETA|ETD"]
    for b in sorted(berths, key=lambda x: str(x.get("id", ""))):
        rows.append("|".join(str(b.get(k) or "-") for k in ("id", "state", "vessel", "eta", "etd")))
    text = "\n".join(rows) + "\n"
    # align columns with the standard tool; data is handed over via env
    proc = subprocess.run(["bash", "-c", 'printf "%s" "$BOARD_ROWS" | column -t -s "|"'],
                          env=dict(os.environ, BOARD_ROWS=text),
                          capture_output=True, text=True)
    return proc.stdout if proc.returncode == 0 else text


def write_board(text: str) -> None:
    tmp = BOARD_FILE.with_suffix(".tmp")
    tmp.write_text(f"updated {time.strftime('%H:%M:%S')}\n\n{text}")
    tmp.replace(BOARD_FILE)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--max-failures", type=int, default=10)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = BerthClient(BERTH_API)
    failures = 0
    while True:
        try:
            berths = client.status()
            write_board(render(berths))
            occupied = sum(1 for b in berths if b.get("state") == "occupied")
            log.info("%d berths, %d occupied", len(berths), occupied)
            failures = 0
        except (OSError, ValueError) as exc:
            failures += 1
            log.warning("poll failed (%d/%d): %s", failures, args.max_failures, exc)
            if failures >= args.max_failures:
                log.error("giving up")
                return 1
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
