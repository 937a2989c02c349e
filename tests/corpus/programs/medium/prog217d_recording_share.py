#!/usr/bin/env python3
"""Share today's show recordings with guests for a limited time.

Builds a simple index page for the recordings folder and serves the folder
over HTTP for a fixed window so guests in the studio and at home can grab
their segment before the files are moved to the archive.
"""
import argparse
import datetime
import html
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("rec_share")

SERVE_CMD = 'cd "$SHARE_DIR" && exec python3 -m http.server "$SHARE_PORT" --bind 0.0.0.0'
AUDIO_EXT = {".mp3", ".wav", ".flac", ".ogg", ".m4a"}


def write_index(folder):
    files = sorted(p for p in Path(folder).iterdir()
                   if p.is_file() and p.suffix.lower() in AUDIO_EXT)
    rows = []
    for p in files:
        size_mb = p.stat().st_size / 1e6
        name = html.escape(p.name)
        rows.append(f'<li><a href="{name}">{name}</a> ({size_mb:.1f} MB)</li>')
    stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    page = ("<!doctype html><meta charset='utf-8'><title>Recordings</title>"
            f"<h1>Show recordings</h1><p>updated {stamp}</p><ul>"
            + "\n".join(rows) + "</ul>")
    (Path(folder) / "index.html").write_text(page)
    LOG.info("index lists %d recordings", len(files))
    return len(files)


class Share:
    def __init__(self, folder, port):
        self.folder = os.path.abspath(folder)
        self.port = port
        self.proc = None

    def start(self):
        env = dict(os.environ, SHARE_DIR=self.folder, SHARE_PORT=str(self.port))
        self.proc = subprocess.Popen(["bash", "-c", SERVE_CMD], env=env)
        LOG.info("sharing %s on port %d (pid %d)", self.folder, self.port, self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            LOG.info("share stopped")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="./recordings")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--minutes", type=int, default=60, help="how long to share")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.isdir(args.folder):
        LOG.error("no such folder: %s", args.folder)
        return 2
    if write_index(args.folder) == 0:
        LOG.warning("no recordings found, sharing anyway")
    share = Share(args.folder, args.port)
    share.start()
    deadline = time.monotonic() + args.minutes * 60
    try:
        while time.monotonic() < deadline:
            if share.proc.poll() is not None:
                LOG.error("server exited early (rc=%s)", share.proc.returncode)
                return 1
            time.sleep(5)
        LOG.info("share window of %d minutes is over", args.minutes)
    except KeyboardInterrupt:
        LOG.info("stopped by operator")
    finally:
        share.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
