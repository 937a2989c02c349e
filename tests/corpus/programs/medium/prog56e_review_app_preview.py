#!/usr/bin/env python3
"""Serve the static build of a merge request so reviewers can click through it.

Started by a manual GitLab CI job on the review runner; the job's environment
URL points at http://<runner-host>:<port>/. Stops after --ttl seconds.
"""
import argparse
import functools
import logging
import os
import signal
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("review-preview")


class QuietHandler(SimpleHTTPRequestHandler):
    """Adds cache headers and routes access logs through logging."""

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Review-Ref", os.environ.get("CI_COMMIT_REF_SLUG", "local"))
        super().end_headers()

    def log_message(self, fmt, *args):
        log.info("%s - %s", self.address_string(), fmt % args)


def build_site(command, workdir):
    log.info("building with: %s", " ".join(command))
    result = subprocess.run(command, cwd=workdir, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("build failed:\n%s", result.stderr[-4000:])
        return False
    return True


def schedule_shutdown(server, ttl):
    def _stop():
        log.info("ttl of %ss reached, shutting down", ttl)
        server.shutdown()
    timer = threading.Timer(ttl, _stop)
    timer.daemon = True
    timer.start()
    return timer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="dist")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", 8088)))
    ap.add_argument("--ttl", type=int, default=3600)
    ap.add_argument("--skip-build", action="store_true")
    ap.add_argument("--build-cmd", default="npm run build")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.skip_build:
        if not build_site(args.build_cmd.split(), os.getcwd()):
            return 1
    if not os.path.isdir(args.dir):
        log.error("nothing to serve: %s missing", args.dir)
        return 1

    handler = functools.partial(QuietHandler, directory=os.path.abspath(args.dir))
    server = ThreadingHTTPServer((args.host, args.port), handler)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(
        target=server.shutdown, daemon=True).start())
    schedule_shutdown(server, args.ttl)

    log.info("serving %s on http://%s:%d/", args.dir, args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
