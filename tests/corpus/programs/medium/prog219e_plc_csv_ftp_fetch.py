#!/usr/bin/env python3
"""Fetch the daily CSV logs that the booster-station PLCs write to their
built-in FTP servers, so the historian can back-fill gaps after comms loss.

The PLC firmware only offers plain FTP with an anonymous read-only account.
"""
import argparse
import ftplib
import json
import logging
import os
import sys
import time

LOG = logging.getLogger("plc_ftp_fetch")

STATIONS = {
    "BS01": ("192.0.2", 41),
    "BS02": ("192.0.2", 42),
    "BS05": ("192.0.2", 45),
}

SETTINGS = {
    "remote_dir": "/LOGS",
    "suffix": ".csv",
    "user": "anonymous",
    "passwd": "historian@example.org",
    "timeout": 20,
    "state_file": "ftp_fetch_state.json",
    "dest": "plc_logs",
}


class StationFetcher:
    def __init__(self, name, address, settings, seen):
        self.name = name
        self.host = "%s.%d" % address
        self.cfg = settings
        self.seen = seen

    def _connect(self):
        ftp = ftplib.FTP(timeout=self.cfg["timeout"])
        ftp.connect(self.host, 21)
        ftp.login(self.cfg["user"], self.cfg["passwd"])
        ftp.cwd(self.cfg["remote_dir"])
        return ftp

    def fetch_new(self):
        dest_dir = os.path.join(self.cfg["dest"], self.name)
        os.makedirs(dest_dir, exist_ok=True)
        fetched = []
        ftp = self._connect()
        try:
            for name in sorted(ftp.nlst()):
                if not name.endswith(self.cfg["suffix"]):
                    continue
                key = "%s/%s" % (self.name, name)
                if key in self.seen:
                    continue
                local = os.path.join(dest_dir, os.path.basename(name))
                with open(local + ".part", "wb") as fh:
                    ftp.retrbinary("RETR " + name, fh.write)
                os.replace(local + ".part", local)
                self.seen[key] = int(time.time())
                fetched.append(local)
                LOG.info("%s: fetched %s", self.name, name)
        finally:
            try:
                ftp.quit()
            except ftplib.all_errors:
                ftp.close()
        return fetched


def load_state(path):
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def save_state(path, state):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=1, sort_keys=True)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stations", nargs="*", default=sorted(STATIONS))
    ap.add_argument("--dest", default=SETTINGS["dest"])
    ap.add_argument("--retries", type=int, default=2)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = dict(SETTINGS, dest=args.dest)
    seen = load_state(cfg["state_file"])
    total, failed = 0, []
    for name in args.stations:
        if name not in STATIONS:
            LOG.warning("unknown station %s", name)
            continue
        fetcher = StationFetcher(name, STATIONS[name], cfg, seen)
        for attempt in range(args.retries + 1):
            try:
                total += len(fetcher.fetch_new())
                break
            except ftplib.all_errors as exc:
                LOG.warning("%s attempt %d: %s", name, attempt + 1, exc)
                time.sleep(5)
        else:
            failed.append(name)
    save_state(cfg["state_file"], seen)
    LOG.info("fetched %d file(s); failed stations: %s", total, failed or "none")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
