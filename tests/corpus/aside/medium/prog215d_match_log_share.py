#!/usr/bin/env python3
"""Share the robot's match logs (.wpilog / .hoot) with the pit.

Builds an index page of the logs directory with a small shell step,
then serves the directory so other laptops in the pit can download them.
"""
import argparse
import functools
import http.server
import logging
import os
import socketserver
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("logshare")

INDEX_STEP = r"""
cd "$LOG_DIR" || exit 1
{
  echo "<html><head><title>Match logs - team $TEAM</title></head><body>"
  echo "<h1>Match logs - team $TEAM</h1><ul>"
  ls -1t -- *.wpilog *.hoot *.csv 2>/dev/null | while read -r f; do
    size=$(du -h -- "$f" | cut -f1)
    echo "<li><a href=\"$f\">$f</a> ($size)</li>"
  done
  echo "</ul></body></html>"
} > index.html
ls -1 -- *.wpilog *.hoot *.csv 2>/dev/null | wc -l
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s - %s", self.client_address[0], fmt % args)


class ReusableServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def build_index(log_dir: Path, team: str) -> int:
    env = dict(os.environ, LOG_DIR=str(log_dir), TEAM=team)
    proc = subprocess.run(["bash", "-c", INDEX_STEP], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "index step failed")
    try:
        return int(proc.stdout.strip() or 0)
    except ValueError:
        return 0


def local_addresses() -> str:
    proc = subprocess.run(["hostname", "-I"], capture_output=True, text=True)
    return proc.stdout.strip() or "unknown"


def main() -> int:
    ap = argparse.ArgumentParser(description="serve match logs to the pit")
    ap.add_argument("--dir", default="./logs", help="directory holding match logs")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--team", default=os.environ.get("TEAM_NUMBER", "0000"))
    ap.add_argument("--no-index", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    log_dir = Path(args.dir).resolve()
    if not log_dir.is_dir():
        LOG.error("%s does not exist", log_dir)
        return 1
    if not args.no_index:
        try:
            count = build_index(log_dir, args.team)
            LOG.info("indexed %d log files", count)
        except RuntimeError as exc:
            LOG.warning("could not build index: %s", exc)

    handler = functools.partial(QuietHandler, directory=str(log_dir))
    try:
        server = ReusableServer(("0.0.0.0", args.port), handler)
    except OSError as exc:
        LOG.error("cannot bind port %d: %s", args.port, exc)
        return 1
    LOG.info("serving %s on port %d (laptop addresses: %s)",
             log_dir, args.port, local_addresses())
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
