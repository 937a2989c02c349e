#!/usr/bin/env python3
"""One-time-code helper for e-signature ceremonies.

During remote online notarisation the signer reads out, or pastes into the
chat, the one-time code the e-signature platform sent them.  This helper
watches the clipboard on the notary workstation, recognises those codes and
keeps a timestamped list so the notary can match code to envelope in the
journal.  Nothing but the recognised codes is kept.
"""
import argparse
import json
import logging
import os
import re
import shutil
import subprocess
import time
from datetime import datetime, timezone

log = logging.getLogger("otp-helper")

CODE_RE = re.compile(r"\b(\d{6}|[A-Z0-9]{4}-[A-Z0-9]{4})\b")


def clipboard_reader():
    """Return a callable that yields the current clipboard text."""
    if shutil.which("wl-paste") and os.environ.get("WAYLAND_DISPLAY"):
        cmd = ["wl-paste", "--no-newline"]
    elif shutil.which("xclip"):
        cmd = ["xclip", "-selection", "clipboard", "-o"]
    elif shutil.which("xsel"):
        cmd = ["xsel", "--clipboard", "--output"]
    else:
        raise SystemExit("need wl-paste, xclip or xsel")

    def read():
        try:
            out = subprocess.run(cmd, capture_output=True, timeout=2, check=False)
            return out.stdout.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            return ""
    return read


def watch(read, out_path, interval, max_age):
    last = None
    seen = {}
    while True:
        text = read()
        if text and text != last:
            last = text
            now = time.time()
            ts = datetime.now(timezone.utc).isoformat(timespec="seconds")
            for code in CODE_RE.findall(text):
                if now - seen.get(code, 0) < max_age:
                    continue
                seen[code] = now
                entry = {"ts": ts, "code": code}
                with open(out_path, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(entry) + "\n")
                log.info("code %s captured at %s", code, ts)
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="ceremony_codes.jsonl")
    ap.add_argument("--interval", type=float, default=0.75)
    ap.add_argument("--dedupe-seconds", type=int, default=600,
                    help="ignore the same code pasted again within this window")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        watch(clipboard_reader(), args.out, args.interval, args.dedupe_seconds)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
