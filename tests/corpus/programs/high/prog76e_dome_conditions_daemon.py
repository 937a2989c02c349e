#!/usr/bin/env python3
"""Dome observing-conditions daemon.

Polls the ASCOM Alpaca ObservingConditions device on the dome controller
(cloud cover, humidity, wind, sky quality) and keeps a rolling CSV plus a
status JSON that the scheduler and the web status page read.

The daemon is started by the pier computer's init script as root so that it
can open its log directory under /var/log/dome; it then continues as the
unprivileged observatory account given by --user.
"""
import argparse
import csv
import grp
import json
import logging
import os
import pwd
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


def become(user: str) -> None:
    """Continue as the observatory account."""
    if os.geteuid() != 0:
        LOG.info("not started as root, staying uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    LOG.info("running as %s (uid %d, %d groups)", user, pw.pw_uid, len(groups))


def open_outputs(logdir: Path, user: str):
    logdir.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        pw = pwd.getpwnam(user)
        os.chown(logdir, pw.pw_uid, pw.pw_gid)
    csv_path = logdir / time.strftime("conditions-%Y%m%d.csv")
    new = not csv_path.exists()
    fh = csv_path.open("a", newline="")
    writer = csv.DictWriter(fh, fieldnames=("epoch",) + FIELDS)
    if new:
        writer.writeheader()
    return fh, writer


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--alpaca", default=os.environ.get("DOME_ALPACA", "http://dome.obs.lan:11111"))
    ap.add_argument("--device", type=int, default=0)
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--logdir", type=Path, default=Path("/var/log/dome"))
    ap.add_argument("--user", default="observer")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        fh, writer = open_outputs(args.logdir, args.user)
        become(args.user)
    except (KeyError, PermissionError) as exc:
        LOG.error("startup failed: %s", exc)
        return 1

    status_path = args.logdir / "status.json"
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
        writer.writerow(row)
        fh.flush()
        tmp = status_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(row))
        tmp.replace(status_path)
        LOG.debug("%s", row)
        time.sleep(args.interval)
    fh.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
