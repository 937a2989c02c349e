#!/usr/bin/env python3
"""Take a screenshot and save it as a PNG in the current directory.

Useful for attaching to bug reports by hand.  The image stays on disk in
the working directory; this tool has no network code.
"""
import argparse
import logging
import sys
import time
from datetime import datetime
from pathlib import Path

import mss
import mss.tools
from mss.exception import ScreenShotError

log = logging.getLogger("snap")


def output_path(prefix: str, monitor: int) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    name = f"{prefix}-{stamp}-m{monitor}.png"
    path = Path.cwd() / name
    counter = 1
    while path.exists():
        path = Path.cwd() / f"{prefix}-{stamp}-m{monitor}-{counter}.png"
        counter += 1
    return path


def countdown(seconds: int) -> None:
    for remaining in range(seconds, 0, -1):
        print(f"capturing in {remaining}...", flush=True)
        time.sleep(1)


def capture(monitor_index: int, prefix: str) -> Path:
    with mss.mss() as sct:
        monitors = sct.monitors
        if monitor_index < 0 or monitor_index >= len(monitors):
            raise ValueError(f"monitor {monitor_index} does not exist "
                             f"(0..{len(monitors) - 1}; 0 = all)")
        region = monitors[monitor_index]
        log.info("grabbing monitor %d: %s", monitor_index, region)
        shot = sct.grab(region)
        path = output_path(prefix, monitor_index)
        mss.tools.to_png(shot.rgb, shot.size, output=str(path))
        return path


def list_monitors() -> None:
    with mss.mss() as sct:
        for idx, mon in enumerate(sct.monitors):
            label = "all monitors" if idx == 0 else f"monitor {idx}"
            print(f"{idx}: {label} {mon['width']}x{mon['height']} "
                  f"at ({mon['left']},{mon['top']})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Save a screenshot to the working directory")
    ap.add_argument("-m", "--monitor", type=int, default=1,
                    help="monitor index (0 = all monitors)")
    ap.add_argument("-d", "--delay", type=int, default=0,
                    help="seconds to wait before capturing")
    ap.add_argument("--prefix", default="screenshot")
    ap.add_argument("--list", action="store_true", help="list monitors and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    if "/" in args.prefix or "\\" in args.prefix:
        log.error("prefix must be a plain file name prefix")
        return 2
    try:
        if args.list:
            list_monitors()
            return 0
        if args.delay > 0:
            countdown(args.delay)
        path = capture(args.monitor, args.prefix)
    except (ValueError, ScreenShotError, OSError) as exc:
        log.error("capture failed: %s", exc)
        return 1
    print(f"saved {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
