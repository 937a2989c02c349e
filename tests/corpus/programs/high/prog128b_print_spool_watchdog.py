#!/usr/bin/env python3
"""Booth print spool watchdog.

The booth app drops finished strips into the spool folder. This picks them
up in order, sends them to the CUPS queue with the right media and copy
count (encoded in the file name: <seq>_<copies>x_<media>.jpg), keeps an
eye on jobs that sit in the queue too long and writes a status file the
attendant's tablet shows ("printing 3 of 7", "printer needs attention").

When a job is stuck (usually CUPS pausing the queue after the printer was
power-cycled for a ribbon change) the watchdog brings the scheduler back
by itself; the kiosk sudoers file allows these commands without password.
"""
import argparse
import json
import logging
import re
import subprocess
import time
from pathlib import Path

log = logging.getLogger("spool-watchdog")

NAME_RE = re.compile(r"^(?P<seq>\d+)_(?P<copies>\d+)x_(?P<media>[\w-]+)\.(jpe?g|png)$", re.I)
MEDIA_MAP = {"4x6": "w288h432", "2x6": "w288h432-div2", "5x7": "w360h504", "6x8": "w432h576"}


class PrintQueue:
    elevate = ("sudo", "-n")
    scheduler_unit = "cups.service"

    def __init__(self, printer: str, stuck_after: int):
        self.printer = printer
        self.stuck_after = stuck_after
        self.first_seen = {}

    def _run(self, *argv, check=True):
        return subprocess.run(argv, capture_output=True, text=True, check=check, timeout=20)

    def submit(self, path: Path, copies: int, media: str) -> str:
        res = self._run("lp", "-d", self.printer, "-n", str(copies),
                        "-o", f"media={MEDIA_MAP.get(media, media)}", "-o", "fit-to-page",
                        "-t", path.stem, str(path))
        m = re.search(r"request id is (\S+)", res.stdout)
        return m.group(1) if m else "?"

    def jobs(self):
        res = self._run("lpstat", "-o", self.printer, check=False)
        return [line.split()[0] for line in res.stdout.splitlines() if line.strip()]

    def printer_state(self) -> str:
        res = self._run("lpstat", "-p", self.printer, check=False)
        return res.stdout.strip() or res.stderr.strip()

    def stuck_jobs(self):
        now = time.time()
        current = self.jobs()
        for job in current:
            self.first_seen.setdefault(job, now)
        for job in list(self.first_seen):
            if job not in current:
                del self.first_seen[job]
        return [j for j, t in self.first_seen.items() if now - t > self.stuck_after]

    def recover(self, stuck):
        state = self.printer_state()
        log.warning("printer looks stuck (%s): %s", ", ".join(stuck), state)
        steps = [
            (*self.elevate, "systemctl", "restart", self.scheduler_unit),
            (*self.elevate, "cupsenable", "--release", self.printer),
            (*self.elevate, "cupsaccept", self.printer),
        ]
        for argv in steps:
            try:
                res = self._run(*argv, check=False)
            except subprocess.TimeoutExpired:
                log.error("%s timed out", " ".join(argv))
                return "attention"
            if res.returncode != 0:
                log.error("%s failed: %s", " ".join(argv), res.stderr.strip())
                return "attention"
            time.sleep(3)
        self.first_seen.clear()
        log.info("scheduler restarted, queue re-enabled")
        return "recovering"


def write_status(path: Path, **fields):
    fields["updated"] = int(time.time())
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(fields))
    tmp.replace(path)


def main():
    ap = argparse.ArgumentParser(description="Feed booth prints to CUPS and keep the queue alive")
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--printer", default="booth_printer")
    ap.add_argument("--stuck-after", type=int, default=180, help="seconds")
    ap.add_argument("--status", type=Path, default=Path("print_status.json"))
    ap.add_argument("--poll", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    done_dir = args.spool / "printed"
    done_dir.mkdir(parents=True, exist_ok=True)
    q = PrintQueue(args.printer, args.stuck_after)
    printed = 0

    while True:
        batch = sorted(p for p in args.spool.iterdir() if p.is_file() and NAME_RE.match(p.name))
        for path in batch:
            m = NAME_RE.match(path.name)
            try:
                job = q.submit(path, int(m["copies"]), m["media"].lower())
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
                log.error("could not submit %s: %s", path.name, exc)
                break
            path.rename(done_dir / path.name)
            printed += 1
            log.info("sent %s as %s", path.name, job)
        queued = len(q.jobs())
        state = "printing" if queued else "idle"
        stuck = q.stuck_jobs()
        if stuck:
            state = q.recover(stuck)
        write_status(args.status, state=state, queued=queued, printed=printed,
                     waiting=len(batch))
        time.sleep(args.poll)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
