#!/usr/bin/env python3
"""Take screenshots of one monitor, all monitors or a region and keep them
under ~/Pictures/Screenshots, with optional delay and thumbnail."""

import argparse
import logging
import sys
import time
from datetime import datetime
from pathlib import Path

import mss
import mss.exception
import mss.tools
from PIL import Image

log = logging.getLogger("shotsaver")

DEFAULT_DIR = Path.home() / "Pictures" / "Screenshots"
SUPPORTED_FORMATS = {"png": "PNG", "jpg": "JPEG", "webp": "WEBP"}


class ScreenshotSaver:
    def __init__(self, target_dir: Path, fmt: str = "png", quality: int = 90):
        self.target_dir = target_dir
        self.fmt = fmt
        self.quality = quality
        self.target_dir.mkdir(parents=True, exist_ok=True)

    def _next_path(self, label: str) -> Path:
        stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
        candidate = self.target_dir / f"{label}_{stamp}.{self.fmt}"
        counter = 1
        while candidate.exists():
            candidate = self.target_dir / f"{label}_{stamp}_{counter}.{self.fmt}"
            counter += 1
        return candidate

    def _save(self, shot, label: str) -> Path:
        path = self._next_path(label)
        if self.fmt == "png":
            mss.tools.to_png(shot.rgb, shot.size, output=str(path))
        else:
            img = Image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX")
            img.save(path, SUPPORTED_FORMATS[self.fmt], quality=self.quality)
        log.info("saved %s (%dx%d)", path, shot.width, shot.height)
        return path

    def capture_monitor(self, index: int) -> Path:
        with mss.mss() as sct:
            if index >= len(sct.monitors):
                raise ValueError(f"monitor {index} not found; have {len(sct.monitors) - 1}")
            shot = sct.grab(sct.monitors[index])
            label = "all" if index == 0 else f"mon{index}"
            return self._save(shot, label)

    def capture_region(self, left: int, top: int, width: int, height: int) -> Path:
        region = {"left": left, "top": top, "width": width, "height": height}
        with mss.mss() as sct:
            shot = sct.grab(region)
            return self._save(shot, "region")

    def make_thumbnail(self, path: Path, max_side: int = 320) -> Path:
        thumbs = self.target_dir / ".thumbs"
        thumbs.mkdir(exist_ok=True)
        out = thumbs / (path.stem + ".png")
        with Image.open(path) as img:
            img.thumbnail((max_side, max_side))
            img.save(out, "PNG")
        log.debug("thumbnail %s", out)
        return out


def parse_region(text: str):
    try:
        parts = [int(p) for p in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError("region must be LEFT,TOP,WIDTH,HEIGHT")
    if len(parts) != 4 or parts[2] <= 0 or parts[3] <= 0:
        raise argparse.ArgumentTypeError("region must be LEFT,TOP,WIDTH,HEIGHT")
    return parts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-m", "--monitor", type=int, default=1,
                    help="monitor index (0 = all monitors)")
    ap.add_argument("-r", "--region", type=parse_region,
                    help="capture LEFT,TOP,WIDTH,HEIGHT instead of a monitor")
    ap.add_argument("-d", "--delay", type=float, default=0.0)
    ap.add_argument("-f", "--format", choices=sorted(SUPPORTED_FORMATS), default="png")
    ap.add_argument("-o", "--output-dir", type=Path, default=DEFAULT_DIR)
    ap.add_argument("--thumbnail", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    saver = ScreenshotSaver(args.output_dir.expanduser(), args.format)
    if args.delay > 0:
        log.info("waiting %.1fs", args.delay)
        time.sleep(args.delay)

    try:
        if args.region:
            path = saver.capture_region(*args.region)
        else:
            path = saver.capture_monitor(args.monitor)
    except (ValueError, mss.exception.ScreenShotError) as exc:
        log.error("capture failed: %s", exc)
        return 1

    if args.thumbnail:
        saver.make_thumbnail(path)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
