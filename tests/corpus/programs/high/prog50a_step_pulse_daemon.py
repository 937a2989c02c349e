#!/usr/bin/env python3
"""Software step-pulse generator for a small Raspberry Pi CNC (plotter/engraver).

Reads pre-planned step segments from a queue file written by the G-code
planner and toggles GPIO lines through the gpiochip character device.  For
jitter-free timing it lifts the kernel RT throttle and switches to
SCHED_FIFO, then drops root and continues as the unprivileged CNC user.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from pathlib import Path

log = logging.getLogger("step_daemon")
RT_RUNTIME = Path("/proc/sys/kernel/sched_rt_runtime_us")


def tune_realtime(priority: int) -> None:
    try:
        previous = RT_RUNTIME.read_text().strip()
        RT_RUNTIME.write_text("-1\n")
        log.info("sched_rt_runtime_us %s -> -1", previous)
    except OSError as exc:
        log.warning("could not lift RT throttle: %s", exc)
    os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(priority))
    log.info("running SCHED_FIFO priority %d", priority)


def drop_privileges(username: str) -> None:
    if os.getuid() != 0:
        return
    entry = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("dropped privileges to %s (uid %d)", username, entry.pw_uid)


class StepOutput:
    """Minimal stand-in for gpiod line requests; logs when hardware is absent."""

    def __init__(self, chip: str, pins: dict):
        self.pins = pins
        try:
            import gpiod  # type: ignore
            self.request = gpiod.request_lines(
                chip, consumer="step_daemon",
                config={tuple(pins.values()): gpiod.LineSettings(
                    direction=gpiod.line.Direction.OUTPUT)})
        except (ImportError, OSError) as exc:
            log.warning("GPIO unavailable (%s); dry-run mode", exc)
            self.request = None

    def pulse(self, axis: str, direction: int, count: int, interval: float):
        if self.request is None:
            return
        import gpiod  # type: ignore
        self.request.set_value(self.pins[axis + "_dir"],
                               gpiod.line.Value.ACTIVE if direction > 0 else gpiod.line.Value.INACTIVE)
        step = self.pins[axis + "_step"]
        for _ in range(count):
            self.request.set_value(step, gpiod.line.Value.ACTIVE)
            self.request.set_value(step, gpiod.line.Value.INACTIVE)
            time.sleep(interval)


def run_queue(queue_path: Path, output: StepOutput, poll: float) -> None:
    offset = 0
    while True:
        with queue_path.open() as fh:
            fh.seek(offset)
            for line in fh:
                seg = json.loads(line)
                for axis in ("x", "y", "z"):
                    steps = int(seg.get(axis, 0))
                    if steps:
                        output.pulse(axis, 1 if steps > 0 else -1, abs(steps), seg["dt"])
            offset = fh.tell()
        time.sleep(poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", type=Path, default=Path("segments.jsonl"))
    ap.add_argument("--chip", default="/dev/gpiochip0")
    ap.add_argument("--pins", type=Path, default=Path("pins.json"))
    ap.add_argument("--user", default="cnc")
    ap.add_argument("--priority", type=int, default=80)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    pins = json.loads(args.pins.read_text())
    tune_realtime(args.priority)
    output = StepOutput(args.chip, pins)
    drop_privileges(args.user)
    args.queue.touch(exist_ok=True)
    try:
        run_queue(args.queue, output, poll=0.05)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
