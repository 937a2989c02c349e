#!/usr/bin/env python3
"""Power-cycle farm boards through the libgpiod relay HAT.

Each board is wired to one relay line on a GPIO chip. The tool drives the
line with the libgpiod command-line utilities (the lab user is in the gpio
group), remembers how often each board was cycled, and refuses to hammer a
board more than --max-per-hour times.
"""
import argparse
import logging
import pickle
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("relay")

RELAY_MAP = {
    "rpi4-a": ("gpiochip0", 17),
    "rpi4-b": ("gpiochip0", 27),
    "bbb-01": ("gpiochip0", 22),
    "imx8-01": ("gpiochip1", 5),
    "stm32mp1": ("gpiochip1", 6),
}
STATE_FILE = Path(".relay_state.pkl")


class CycleHistory:
    def __init__(self, path: Path):
        self.path = path
        self.events: dict[str, list[float]] = {}
        if path.exists():
            with path.open("rb") as fh:
                self.events = pickle.load(fh)

    def recent(self, board: str, window: float = 3600.0) -> int:
        now = time.time()
        return sum(1 for t in self.events.get(board, []) if now - t < window)

    def record(self, board: str) -> None:
        self.events.setdefault(board, []).append(time.time())
        with self.path.open("wb") as fh:
            pickle.dump(self.events, fh)


def set_line(chip: str, line: int, value: int) -> None:
    cmd = ["gpioset", chip, f"{line}={value}"]
    log.debug("running %s", " ".join(cmd))
    subprocess.run(cmd, check=True, timeout=5)


def read_line(chip: str, line: int) -> int:
    out = subprocess.run(["gpioget", chip, str(line)], check=True,
                         capture_output=True, text=True, timeout=5)
    return int(out.stdout.strip() or "0")


def cycle(board: str, off_seconds: float, active_low: bool) -> None:
    chip, line = RELAY_MAP[board]
    off_val, on_val = (1, 0) if active_low else (0, 1)
    log.info("%s: relay %s/%d off", board, chip, line)
    set_line(chip, line, off_val)
    time.sleep(off_seconds)
    set_line(chip, line, on_val)
    state = read_line(chip, line)
    log.info("%s: relay back on (readback=%d)", board, state)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("boards", nargs="+", help="board names or 'all'")
    ap.add_argument("--off", type=float, default=3.0, help="seconds without power")
    ap.add_argument("--active-low", action="store_true")
    ap.add_argument("--max-per-hour", type=int, default=6)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    if shutil.which("gpioset") is None:
        log.error("libgpiod tools not installed (apt install gpiod)")
        return 1

    targets = list(RELAY_MAP) if args.boards == ["all"] else args.boards
    history = CycleHistory(STATE_FILE)
    rc = 0
    for board in targets:
        if board not in RELAY_MAP:
            log.error("unknown board %s", board)
            rc = 1
            continue
        if history.recent(board) >= args.max_per_hour:
            log.warning("%s cycled too often, skipping", board)
            continue
        try:
            cycle(board, args.off, args.active_low)
            history.record(board)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            log.error("%s: relay command failed: %s", board, exc)
            rc = 1
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
