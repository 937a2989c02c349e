#!/usr/bin/env python3
"""Dome observing-conditions poller.

Polls the ASCOM Alpaca ObservingConditions device on the dome controller
(cloud cover, humidity, wind, sky quality) and keeps a rolling CSV plus a
status JSON that the scheduler and the web status page read.

Runs under the observer's own account from the session's terminal or tmux;
output goes to ./conditions under the current directory.
"""
import argparse
import csv
import json
import logging
import os
import signal
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("domecond")
FIELDS = ("cloudcover", "humidity", "windspeed", "skyquality", "temperature", "dewpoint")


class Alpaca:
    def __init__(self, base: str, device: int = 0, timeout: float = 5.0):
        self.base = base.rstrip("/")
        self.device = device
        self.timeout = timeout
        self.txn = 0

    def get(self, prop: str):
        self.txn += 1
        url = (f"{self.base}/api/v1/observingconditions/{self.device}/{prop}"
               f"?ClientID=42&ClientTransactionID={self.txn}")
        with urllib.request.urlopen(url, timeout=self.timeout) as resp:
            body = json.load(resp)
        if body.get("ErrorNumber"):
            raise RuntimeError(f"{prop}: {body.get('ErrorMessage')}")
        return body.get("Value")

    def snapshot(self) -> dict:
        row = {"epoch": round(time.time(), 1)}
        for prop in FIELDS:
            try:
                row[prop] = self.get(prop)
            except (urllib.error.URLError, RuntimeError, OSError, ValueError) as exc:
                LOG.debug("%s unavailable: %s", prop, exc)
                row[prop] = None
        return row


class DailyCsv:
    """CSV writer that rolls over to a new file at UTC midnight."""

    def __init__(self, outdir: Path):
        self.outdir = outdir
        self.day = None
        self.fh = None
        self.writer = None

    def _roll(self) -> None:
        day = time.strftime("%Y%m%d", time.gmtime())
        if day == self.day:
            return
        if self.fh:
            self.fh.close()
        path = self.outdir / f"conditions-{day}.csv"
        new = not path.exists()
        self.fh = path.open("a", newline="")
        self.writer = csv.DictWriter(self.fh, fieldnames=("epoch",) + FIELDS)
        if new:
            self.writer.writeheader()
        self.day = day
        LOG.info("writing %s", path)

    def write(self, row: dict) -> None:
        self._roll()
        self.writer.writerow(row)
        self.fh.flush()

    def close(self) -> None:
        if self.fh:
            self.fh.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--alpaca", default=os.environ.get("DOME_ALPACA", "http://dome.obs.lan:11111"))
    ap.add_argument("--device", type=int, default=0)
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--outdir", type=Path, default=Path("conditions"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        args.outdir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        LOG.error("cannot create %s: %s", args.outdir, exc)
        return 1

    out = DailyCsv(args.outdir)
    status_path = args.outdir / "status.json"
    alpaca = Alpaca(args.alpaca, args.device)
    stop = False

    def on_signal(signum, _frame):
        nonlocal stop
        LOG.info("signal %d, stopping", signum)
        stop = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    while not stop:
        row = alpaca.snapshot()
        out.write(row)
        tmp = status_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(row))
        tmp.replace(status_path)
        LOG.debug("%s", row)
        time.sleep(args.interval)
    out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
