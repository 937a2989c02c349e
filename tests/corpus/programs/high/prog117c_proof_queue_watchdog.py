#!/usr/bin/env python3
"""Keep the proof printer queue moving.

The contract proofer on the finishing floor hangs its CUPS queue a couple of
times a week (stuck job, 'printer is not responding').  Operators used to
reboot the PC.  This watchdog polls the queue, re-enables a paused printer,
and if jobs stay stuck past a threshold it bounces the print spooler and
notes it in a local log.

    proof_queue_watchdog.py --printer Proofer_Epson --stuck-minutes 8
"""

import argparse
import configparser
import logging
import re
import shlex
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta

LOG = logging.getLogger("proof_watchdog")

DEFAULTS = {
    "printer": "Proofer",
    "poll_seconds": "30",
    "stuck_minutes": "10",
    "spooler_unit": "cups.service",
    "service_ctl": "systemctl",
}

JOB_RE = re.compile(r"^(?P<id>\S+-\d+)\s+(?P<user>\S+)\s+(?P<size>\d+)\s+(?P<when>.+)$")


def sh(cmd, timeout=20):
    LOG.debug("$ %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


class QueueWatch(threading.Thread):
    daemon = True

    def __init__(self, cfg, stop):
        super().__init__(name="queue-watch")
        self.printer = cfg["printer"]
        self.poll = int(cfg["poll_seconds"])
        self.stuck_after = timedelta(minutes=int(cfg["stuck_minutes"]))
        self.unit = cfg["spooler_unit"]
        self.ctl = shlex.split(cfg["service_ctl"])
        self.stop = stop
        self.first_seen = {}
        self.restarts = 0

    def jobs(self):
        rc, out, err = sh(["lpstat", "-o", self.printer])
        if rc != 0:
            LOG.warning("lpstat failed: %s", err.strip())
            return []
        return [m.group("id") for m in map(JOB_RE.match, out.splitlines()) if m]

    def printer_enabled(self):
        rc, out, _ = sh(["lpstat", "-p", self.printer])
        return rc == 0 and "disabled" not in out

    def reenable(self):
        LOG.info("printer %s paused, re-enabling", self.printer)
        sh(["cupsenable", self.printer])

    def bounce_spooler(self):
        cmd = self.ctl + ["restart", self.unit]
        rc, _, err = sh(cmd, timeout=60)
        if rc == 0:
            self.restarts += 1
            LOG.warning("spooler %s restarted (%d today)", self.unit, self.restarts)
            with open("proof_watchdog.log", "a", encoding="utf-8") as fh:
                fh.write(f"{datetime.now():%Y-%m-%d %H:%M:%S} restarted {self.unit}\n")
        else:
            LOG.error("restart of %s failed: %s", self.unit, err.strip())

    def tick(self):
        if not self.printer_enabled():
            self.reenable()
        now = datetime.now()
        current = set(self.jobs())
        for gone in set(self.first_seen) - current:
            self.first_seen.pop(gone, None)
        for job in current:
            self.first_seen.setdefault(job, now)
        oldest = min(self.first_seen.values(), default=None)
        if oldest and now - oldest > self.stuck_after:
            LOG.warning("%d job(s) stuck since %s", len(current), oldest.strftime("%H:%M"))
            self.bounce_spooler()
            self.first_seen = {j: now for j in current}

    def run(self):
        while not self.stop.is_set():
            try:
                self.tick()
            except (subprocess.TimeoutExpired, OSError) as exc:
                LOG.error("tick failed: %s", exc)
            self.stop.wait(self.poll)


def load_config(path, overrides):
    cp = configparser.ConfigParser()
    cp.read_dict({"watchdog": DEFAULTS})
    cp.read(path)
    cfg = dict(cp["watchdog"])
    cfg.update({k: str(v) for k, v in overrides.items() if v is not None})
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="proof_watchdog.ini")
    ap.add_argument("--printer")
    ap.add_argument("--stuck-minutes", dest="stuck_minutes", type=int)
    ap.add_argument("--poll-seconds", dest="poll_seconds", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(message)s")

    cfg = load_config(args.config, {"printer": args.printer,
                                    "stuck_minutes": args.stuck_minutes,
                                    "poll_seconds": args.poll_seconds})
    stop = threading.Event()
    watcher = QueueWatch(cfg, stop)
    watcher.start()
    LOG.info("watching %s every %ss", cfg["printer"], cfg["poll_seconds"])
    try:
        while watcher.is_alive():
            time.sleep(1)
    except KeyboardInterrupt:
        stop.set()
        watcher.join(5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
