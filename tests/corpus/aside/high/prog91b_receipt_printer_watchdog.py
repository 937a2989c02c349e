#!/usr/bin/env python3
"""Receipt / round-sheet printer watchdog.

The thermal printer on the counter PC goes offline when the paper roll is
changed mid-job and CUPS then holds every later job, so the 4:30am round
sheets never print. This polls the queue and, when jobs have been stuck
longer than the grace period, re-enables the queue and, if that does not
clear it, restarts the print service.

Settings: watchdog.json {"printer": "TM_T88", "grace_min": 6, "interval_s": 60}
"""
import argparse
import json
import logging
import logging.handlers
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("printer_watchdog")

JOB_RE = re.compile(r"^(?P<job>\S+-\d+)\s+\S+\s+\d+\s+(?P<when>.+)$")


class PrintService:
    unit = "cups.service"
    restart_cmd = ("sudo", "-n", "systemctl", "restart")

    def __init__(self, printer):
        self.printer = printer
        if not shutil.which("lpstat"):
            raise FileNotFoundError("lpstat not found; is cups-client installed?")

    def _run(self, *cmd, timeout=20):
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return res.returncode, res.stdout, res.stderr

    def enabled(self):
        _, out, _ = self._run("lpstat", "-p", self.printer)
        return "disabled" not in out and "not accepting" not in out

    def stuck_jobs(self, grace_s):
        _, out, _ = self._run("lpstat", "-o", self.printer)
        stuck = []
        now = time.time()
        for line in out.splitlines():
            m = JOB_RE.match(line.strip())
            if not m:
                continue
            try:
                queued = time.mktime(time.strptime(m["when"].strip(), "%a %d %b %Y %H:%M:%S %Z"))
            except ValueError:
                continue
            if now - queued > grace_s:
                stuck.append(m["job"])
        return stuck

    def reenable(self):
        code, _, err = self._run("cupsenable", "--release", self.printer)
        if code:
            LOG.warning("cupsenable: %s", err.strip())
        return code == 0

    def restart(self):
        code, _, err = self._run(*self.restart_cmd, self.unit, timeout=60)
        if code:
            LOG.error("restart %s failed: %s", self.unit, err.strip())
        return code == 0


def load_settings(path):
    settings = {"printer": "TM_T88", "grace_min": 6, "interval_s": 60}
    if path.exists():
        settings.update(json.loads(path.read_text()))
    return settings


def watch(svc, grace_s, interval_s, once=False):
    strikes = 0
    while True:
        try:
            stuck = svc.stuck_jobs(grace_s)
            if not svc.enabled() or stuck:
                strikes += 1
                LOG.warning("%s: %d stuck job(s), strike %d", svc.printer, len(stuck), strikes)
                if strikes == 1:
                    svc.reenable()
                elif strikes >= 2:
                    if svc.restart():
                        LOG.info("print service restarted")
                    strikes = 0
            else:
                if strikes:
                    LOG.info("%s recovered", svc.printer)
                strikes = 0
        except subprocess.TimeoutExpired as exc:
            LOG.warning("timeout running %s", exc.cmd[0])
        if once:
            return
        time.sleep(interval_s)


def main(argv=None):
    ap = argparse.ArgumentParser(description="keep the counter printer queue moving")
    ap.add_argument("--settings", type=Path, default=Path("watchdog.json"))
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)

    handlers = [logging.StreamHandler(),
                logging.handlers.RotatingFileHandler("printer_watchdog.log",
                                                     maxBytes=512_000, backupCount=3)]
    logging.basicConfig(level=logging.INFO, handlers=handlers,
                        format="%(asctime)s %(name)s: %(levelname)s %(message)s")

    cfg = load_settings(args.settings)
    try:
        svc = PrintService(cfg["printer"])
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("watching %s (grace %d min)", cfg["printer"], cfg["grace_min"])
    try:
        watch(svc, cfg["grace_min"] * 60, cfg["interval_s"], args.once)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
