#!/usr/bin/env python3
"""Grab a rectangle of the screen, OCR it with tesseract and put the text on
the clipboard (tkinter), so text in images or videos can be pasted."""

import argparse
import logging
import shutil
import subprocess
import sys
import time
import tkinter as tk

from PIL import Image, ImageGrab, ImageOps

log = logging.getLogger("ocr-region")

CAPTURE_PATH = "/tmp/ocr_region.png"
OUTPUT_BASE = "/tmp/ocr_region_out"


class RegionPicker:
    """Fullscreen translucent window; drag with the mouse to select."""

    def __init__(self):
        self.root = tk.Tk()
        self.root.attributes("-fullscreen", True)
        self.root.attributes("-alpha", 0.25)
        self.root.configure(cursor="crosshair")
        self.canvas = tk.Canvas(self.root, bg="grey")
        self.canvas.pack(fill=tk.BOTH, expand=True)
        self.start = None
        self.rect = None
        self.bbox = None
        self.canvas.bind("<ButtonPress-1>", self.on_press)
        self.canvas.bind("<B1-Motion>", self.on_drag)
        self.canvas.bind("<ButtonRelease-1>", self.on_release)
        self.root.bind("<Escape>", lambda _e: self.root.destroy())

    def on_press(self, ev):
        self.start = (ev.x_root, ev.y_root)
        self.rect = self.canvas.create_rectangle(ev.x, ev.y, ev.x, ev.y,
                                                 outline="red", width=2)

    def on_drag(self, ev):
        if self.rect is not None:
            x0, y0 = self.canvas.canvasx(0), self.canvas.canvasy(0)
            sx, sy = self.start
            self.canvas.coords(self.rect, sx - x0, sy - y0, ev.x, ev.y)

    def on_release(self, ev):
        x1, y1 = self.start
        x2, y2 = ev.x_root, ev.y_root
        self.bbox = (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
        self.root.destroy()

    def pick(self):
        self.root.mainloop()
        return self.bbox


def capture(bbox, scale: int) -> str:
    img = ImageGrab.grab(bbox=bbox, all_screens=True)
    img = ImageOps.grayscale(img)
    if scale > 1:
        img = img.resize((img.width * scale, img.height * scale), Image.LANCZOS)
    img.save(CAPTURE_PATH)
    log.debug("saved capture to %s", CAPTURE_PATH)
    return CAPTURE_PATH


def run_tesseract(image_path: str, lang: str, psm: int) -> str:
    exe = shutil.which("tesseract")
    if exe is None:
        raise RuntimeError("tesseract is not installed")
    cmd = [exe, image_path, OUTPUT_BASE, "-l", lang, "--psm", str(psm)]
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "tesseract failed")
    with open(OUTPUT_BASE + ".txt", encoding="utf-8") as fh:
        return fh.read().strip()


def set_clipboard(text: str) -> None:
    root = tk.Tk()
    root.withdraw()
    root.clipboard_clear()
    root.clipboard_append(text)
    root.update()
    # keep ownership briefly so clipboard managers can pick it up
    time.sleep(0.3)
    root.destroy()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bbox", type=lambda s: tuple(int(v) for v in s.split(",")),
                    help="X1,Y1,X2,Y2 instead of interactive selection")
    ap.add_argument("-l", "--lang", default="eng")
    ap.add_argument("--psm", type=int, default=6)
    ap.add_argument("--scale", type=int, default=2)
    ap.add_argument("--print", dest="print_only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bbox = args.bbox or RegionPicker().pick()
    if not bbox or bbox[2] - bbox[0] < 4 or bbox[3] - bbox[1] < 4:
        log.info("nothing selected")
        return 1
    time.sleep(0.2)  # let the overlay disappear

    try:
        text = run_tesseract(capture(bbox, args.scale), args.lang, args.psm)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("OCR failed: %s", exc)
        return 2

    if not text:
        log.warning("no text recognised")
        return 1
    if args.print_only:
        print(text)
    else:
        set_clipboard(text)
        log.info("copied %d characters", len(text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
