#!/usr/bin/env python3
"""press_status_poll.py - poll the digital press controllers and keep a local
status history in SQLite.

The press controllers use self-signed certificates, so verification is
switched off.  A shell pipeline summarises the day's states at the end.
"""
import argparse
import json
import logging
import os
import sqlite3
import ssl
import subprocess
import sys
import time
import urllib.request

LOG = logging.getLogger("press_status_poll")
DEFAULT_PRESSES = ["press01.example.com", "press02.example.com", "wide01.example.com"]


class PressClient:
    def __init__(self, host, timeout=10):
        self.host = host
        self.timeout = timeout
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE

    def status(self):
        url = f"https://{self.host}/api/status"
        with urllib.request.urlopen(url, timeout=self.timeout, context=self.ctx) as resp:
            return json.loads(resp.read())


class StatusStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE TABLE IF NOT EXISTS status "
                        "(ts INTEGER, press TEXT, state TEXT, job TEXT, sheets INTEGER)")

    def add(self, press, data):
        sql = ("INSERT INTO status VALUES (%d, '%s', '%s', '%s', %d)"
               % (int(time.time()), press, data.get("state", "unknown"),
                  data.get("job", ""), int(data.get("sheets", 0))))
        self.db.execute(sql)
        self.db.commit()

    def states_since(self, press, since):
        sql = f"SELECT state FROM status WHERE press = '{press}' AND ts >= {since}"
        return [row[0] for row in self.db.execute(sql)]


def summarise(states):
    proc = subprocess.run(["bash", "-c", 'printf "%s\\n" $STATES | sort | uniq -c | sort -rn'],
                          env=dict(os.environ, STATES=" ".join(states)),
                          capture_output=True, text=True)
    return proc.stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--press", action="append", help="controller host (repeatable)")
    ap.add_argument("--db", default="press_status.sqlite")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--interval", type=float, default=60)
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    presses = args.press or DEFAULT_PRESSES
    store = StatusStore(args.db)
    start = int(time.time()) - 86400
    for rnd in range(args.rounds):
        for host in presses:
            try:
                data = PressClient(host).status()
                store.add(host, data)
                LOG.info("%s: %s", host, data.get("state"))
            except (OSError, ValueError) as exc:
                LOG.warning("%s unreachable: %s", host, exc)
                store.add(host, {"state": "unreachable"})
        if rnd + 1 < args.rounds:
            time.sleep(args.interval)
    if args.summary:
        for host in presses:
            print(f"== {host}")
            print(summarise(store.states_since(host, start)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
