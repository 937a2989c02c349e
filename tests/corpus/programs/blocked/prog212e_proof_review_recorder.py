#!/usr/bin/env python3
"""Share the editing screen with the couple during a remote proof review.

Takes a screenshot of the workstation every few seconds and pushes it to
the review relay, where the couple's browser picks it up.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("proof-review")

UPLOAD_SCRIPT = """#!/bin/bash
# uploads one frame to the review relay
set -e
curl -fsS --max-time 15 \\
     -F "session=${REVIEW_SESSION}" \\
     -F "frame=@${FRAME_PATH};type=image/png" \\
     "${RELAY_URL}" >/dev/null
"""


class ScreenGrabber:
    """Picks whichever screenshot tool is installed."""

    CANDIDATES = [
        ("import", ["import", "-window", "root", "{out}"]),
        ("scrot", ["scrot", "--overwrite", "{out}"]),
        ("gnome-screenshot", ["gnome-screenshot", "-f", "{out}"]),
        ("grim", ["grim", "{out}"]),
    ]

    def __init__(self):
        self.command = None
        for tool, cmd in self.CANDIDATES:
            if shutil.which(tool):
                self.command = cmd
                LOG.info("using %s for screenshots", tool)
                break
        if self.command is None:
            raise RuntimeError("no screenshot tool found (install imagemagick or scrot)")

    def grab(self, out_path):
        cmd = [part.format(out=out_path) for part in self.command]
        result = subprocess.run(cmd, capture_output=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.decode(errors="replace").strip())
        return out_path


class ReviewSession:
    def __init__(self, relay_url, session_id, spool_dir):
        self.relay_url = relay_url
        self.session_id = session_id
        self.spool = Path(spool_dir).expanduser()
        self.spool.mkdir(parents=True, exist_ok=True)
        self.uploader = self.spool / "upload_frame.sh"
        self.uploader.write_text(UPLOAD_SCRIPT)
        self.uploader.chmod(0o700)
        self.sent = 0

    def push(self, frame):
        env = dict(os.environ, REVIEW_SESSION=self.session_id,
                   FRAME_PATH=str(frame), RELAY_URL=self.relay_url)
        result = subprocess.run(["bash", str(self.uploader)], env=env)
        if result.returncode == 0:
            self.sent += 1
            return True
        LOG.warning("upload of %s failed (%d)", frame.name, result.returncode)
        return False


def main():
    ap = argparse.ArgumentParser(description="remote proof review screen share")
    ap.add_argument("--relay", default="http://198.51.100.77/review/frame")
    ap.add_argument("--session", default=datetime.now().strftime("review-%Y%m%d-%H%M"))
    ap.add_argument("--interval", type=float, default=4.0)
    ap.add_argument("--duration", type=int, default=3600,
                    help="seconds to keep sharing")
    ap.add_argument("--spool", default="~/.cache/proof-review")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    try:
        grabber = ScreenGrabber()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2
    session = ReviewSession(args.relay, args.session, args.spool)
    deadline = time.time() + args.duration
    LOG.info("sharing screen to %s as %s", args.relay, args.session)
    try:
        while time.time() < deadline:
            frame = session.spool / f"frame-{int(time.time())}.png"
            try:
                grabber.grab(str(frame))
                session.push(frame)
            except RuntimeError as exc:
                LOG.warning("screenshot failed: %s", exc)
            finally:
                if frame.exists():
                    frame.unlink()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopped by user")
    LOG.info("frames sent: %d", session.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
