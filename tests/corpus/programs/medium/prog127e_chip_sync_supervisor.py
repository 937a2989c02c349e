#!/usr/bin/env python3
"""Keep the timing-chip sync running through race day.

The sync worker pulls new reads from the reader's spool directory and uploads
them to the results server.  The supervisor starts the worker as a child
process and restarts it with a backoff if it dies, giving up after
--max-restarts so a broken config doesn't spin forever.

    chip_sync_supervisor.py --spool /media/reader/spool --server https://...
"""

import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib import request, error

log = logging.getLogger("chipsync")


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Chip sync with supervisor")
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--server", default="https://results.tri-timing.net/api/reads")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--max-restarts", type=int, default=10)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return ap.parse_args(argv)


class Supervisor:
    """Runs one worker child and restarts it when it exits."""

    def __init__(self, args):
        self.args = args
        self.child = None
        self.stopping = False

    def command(self):
        return [sys.executable, os.path.abspath(__file__),
                "--spool", str(self.args.spool), "--server", self.args.server,
                "--interval", str(self.args.interval), "--worker"]

    def stop(self, *_):
        self.stopping = True
        if self.child and self.child.poll() is None:
            self.child.terminate()

    def run(self):
        signal.signal(signal.SIGTERM, self.stop)
        signal.signal(signal.SIGINT, self.stop)
        restarts, delay = 0, 1.0
        while not self.stopping:
            started = time.monotonic()
            self.child = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL)
            code = self.child.wait()
            if self.stopping:
                break
            if time.monotonic() - started > 300:
                restarts, delay = 0, 1.0
            restarts += 1
            if restarts > self.args.max_restarts:
                log.error("worker keeps failing (exit %s); giving up", code)
                return 1
            log.warning("worker exited with %s; restart %d in %.0fs", code, restarts, delay)
            time.sleep(delay)
            delay = min(delay * 2, 60)
        return 0


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


def main(argv=None):
    args = parse_args(argv)
    role = "worker" if args.worker else "supervisor"
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [{role}:%(process)d] %(message)s")
    if args.worker:
        try:
            sync_loop(args)
        except KeyboardInterrupt:
            pass
        return 0
    return Supervisor(args).run()


if __name__ == "__main__":
    sys.exit(main())
