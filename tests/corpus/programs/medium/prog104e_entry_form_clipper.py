#!/usr/bin/env python3
"""Entry form clipper.

While you copy details out of horse passports, membership cards and old
entry confirmations, this watches the clipboard, recognises UELNs, FEI IDs
and BE/BS membership numbers, and builds up an entry draft
(entry_drafts.json) that the entry bot can submit.
"""
import argparse
import json
import logging
import os
import re
import shutil
import subprocess
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("clipper")

PATTERNS = {
    "ueln": re.compile(r"\b\d{3}[0-9A-Z]{3}[0-9A-Z]{9}\b"),
    "fei_id": re.compile(r"\bFEI\s*ID[:\s]*(\d{8}|[0-9A-Z]{8})\b", re.I),
    "be_member": re.compile(r"\bBE\s*(?:No\.?|member(?:ship)?)[:\s#]*(\d{5,7})\b", re.I),
    "bs_member": re.compile(r"\bBS\s*(?:No\.?|member(?:ship)?)[:\s#]*(\d{6,8})\b", re.I),
}


def clipboard_reader():
    """Pick whichever clipboard tool the desktop has."""
    if os.environ.get("WAYLAND_DISPLAY") and shutil.which("wl-paste"):
        cmd = ["wl-paste", "--no-newline"]
    elif shutil.which("xsel"):
        cmd = ["xsel", "--clipboard", "--output"]
    elif shutil.which("xclip"):
        cmd = ["xclip", "-selection", "clipboard", "-o"]
    else:
        raise SystemExit("no clipboard tool found (install wl-clipboard, xsel or xclip)")

    def read():
        try:
            return subprocess.run(cmd, capture_output=True, timeout=3, check=False).stdout.decode(
                "utf-8", "replace")
        except subprocess.TimeoutExpired:
            return ""
    return read


class Drafts:
    def __init__(self, path):
        self.path = Path(path)
        self.data = json.loads(self.path.read_text()) if self.path.exists() else {"current": {}}

    def absorb(self, text):
        found = {}
        for field, rx in PATTERNS.items():
            m = rx.search(text)
            if m:
                found[field] = m.group(1) if m.groups() else m.group(0)
        if found:
            self.data["current"].update(found)
            self.data["updated"] = datetime.now().isoformat(timespec="seconds")
            self.path.write_text(json.dumps(self.data, indent=2))
        return found

    def new_horse(self):
        """Start a fresh draft, keeping the finished one in the history list."""
        if self.data.get("current"):
            self.data.setdefault("done", []).append(self.data["current"])
        self.data["current"] = {}
        self.path.write_text(json.dumps(self.data, indent=2))


def main():
    ap = argparse.ArgumentParser(description="Clipboard-driven entry form helper")
    ap.add_argument("--drafts", default="entry_drafts.json")
    ap.add_argument("--interval", type=float, default=0.7, help="clipboard poll interval")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    read = clipboard_reader()
    drafts = Drafts(args.drafts)

    last = None
    log.info("watching clipboard; copy 'NEXT HORSE' to start a new draft, Ctrl-C to stop")
    try:
        while True:
            text = read()
            if text and text != last:
                last = text
                if text.strip().upper() == "NEXT HORSE":
                    drafts.new_horse()
                    log.info("started a new draft")
                else:
                    found = drafts.absorb(text)
                    if found:
                        log.info("picked up %s", ", ".join(f"{k}={v}" for k, v in found.items()))
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopped; draft saved in %s", args.drafts)


if __name__ == "__main__":
    main()
