#!/usr/bin/env python3
"""snapkey - tiny screenshot helper for writing docs and bug reports.

Hotkeys:
    <ctrl>+<alt>+s   grab the monitor under the mouse
    <ctrl>+<alt>+a   grab all monitors stitched together
    <ctrl>+<alt>+q   quit

Captures are written to ./captures (relative to where you start the tool),
thumbnails are generated next to them and the path of the latest capture is
put on the clipboard so it can be pasted into an issue tracker.
"""
import argparse
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import mss
import mss.tools
import pyautogui
import pyperclip
from PIL import Image
from pynput import keyboard

LOG = logging.getLogger("snapkey")


@dataclass
class SnapConfig:
    out_dir: Path
    thumb_width: int = 320
    keep_last: int = 200
    copy_path: bool = True


class Snapper:
    def __init__(self, cfg: SnapConfig):
        self.cfg = cfg
        self.cfg.out_dir.mkdir(parents=True, exist_ok=True)
        self.counter = 0

    def _target_monitor(self, sct: mss.base.MSSBase) -> dict:
        x, y = pyautogui.position()
        for mon in sct.monitors[1:]:
            if mon["left"] <= x < mon["left"] + mon["width"] and mon["top"] <= y < mon["top"] + mon["height"]:
                return mon
        return sct.monitors[1]

    def _name(self, tag: str) -> Path:
        self.counter += 1
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return self.cfg.out_dir / f"{stamp}-{tag}-{self.counter:03d}.png"

    def grab(self, everything: bool = False) -> Path:
        with mss.mss() as sct:
            mon = sct.monitors[0] if everything else self._target_monitor(sct)
            shot = sct.grab(mon)
            path = self._name("all" if everything else "mon")
            mss.tools.to_png(shot.rgb, shot.size, output=str(path))
        os.chmod(path, 0o600)
        self._thumbnail(path)
        if self.cfg.copy_path:
            pyperclip.copy(str(path.resolve()))
        LOG.info("saved %s", path)
        self._prune()
        return path

    def _thumbnail(self, path: Path) -> None:
        with Image.open(path) as img:
            ratio = self.cfg.thumb_width / float(img.width)
            thumb = img.resize((self.cfg.thumb_width, max(1, int(img.height * ratio))))
            thumb.save(path.with_name(path.stem + ".thumb.png"))

    def _prune(self) -> None:
        shots = sorted(p for p in self.cfg.out_dir.glob("*.png") if not p.name.endswith(".thumb.png"))
        for old in shots[: max(0, len(shots) - self.cfg.keep_last)]:
            old.unlink(missing_ok=True)
            old.with_name(old.stem + ".thumb.png").unlink(missing_ok=True)
            LOG.debug("pruned %s", old)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="captures", help="output folder (relative to cwd)")
    ap.add_argument("--thumb-width", type=int, default=320)
    ap.add_argument("--keep", type=int, default=200, help="how many captures to keep")
    ap.add_argument("--no-clipboard", action="store_true")
    ap.add_argument("--once", action="store_true", help="take one capture and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    out = Path(args.out)
    if out.is_absolute():
        LOG.error("please give a folder relative to the working directory")
        return 2
    snapper = Snapper(SnapConfig(out, args.thumb_width, args.keep, not args.no_clipboard))

    if args.once:
        snapper.grab()
        return 0

    def safe(fn):
        def inner():
            try:
                fn()
            except Exception:  # never kill the listener thread
                LOG.exception("capture failed")
        return inner

    hotkeys = {
        "<ctrl>+<alt>+s": safe(lambda: snapper.grab(False)),
        "<ctrl>+<alt>+a": safe(lambda: snapper.grab(True)),
    }
    LOG.info("snapkey running, captures go to %s", out.resolve())
    with keyboard.GlobalHotKeys({**hotkeys, "<ctrl>+<alt>+q": lambda: listener.stop()}) as listener:
        listener.join()
    LOG.info("bye")
    return 0


if __name__ == "__main__":
    sys.exit(main())
