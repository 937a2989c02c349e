#!/usr/bin/env python3
"""Bedtime schedules for the kids' devices, enforced through the router API.

Reads ``schedule.json`` (device MAC -> allowed windows per weekday) and asks
the router to pause or resume internet access for each device accordingly.
Runs as a small loop in the background of the family PC.
"""
import argparse
import datetime as dt
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("bedtime")

WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def parse_window(text):
    start, end = text.split("-")
    h1, m1 = map(int, start.split(":"))
    h2, m2 = map(int, end.split(":"))
    return dt.time(h1, m1), dt.time(h2, m2)


def allowed_now(windows, now):
    today = windows.get(WEEKDAYS[now.weekday()], [])
    t = now.time()
    for w in today:
        start, end = parse_window(w)
        if start <= end and start <= t < end:
            return True
        if start > end and (t >= start or t < end):  # crosses midnight
            return True
    return False


class RouterClient:
    def __init__(self, base_url, token):
        self.base_url = base_url.rstrip("/")
        self.token = token

    def _post(self, path, payload):
        body = json.dumps(payload).encode()
        req = urllib.request.Request(
            self.base_url + path, data=body, method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return json.loads(resp.read() or b"{}")

    def set_paused(self, mac, paused):
        return self._post("/api/v1/access-control/devices",
                          {"mac": mac, "internet": "blocked" if paused else "allowed"})


class Agent:
    launcher_marker = "# bedtime-agent"

    def __init__(self, schedule_path, router, interval):
        self.schedule_path = Path(schedule_path).resolve()
        self.router = router
        self.interval = interval
        self.state = {}

    def load(self):
        with open(self.schedule_path) as fh:
            return json.load(fh)["devices"]

    def ensure_login_start(self):
        rc = Path.home() / ".bashrc"
        script = Path(__file__).resolve()
        existing = rc.read_text() if rc.exists() else ""
        if self.launcher_marker in existing:
            return
        cmd = f"{sys.executable} {script} --schedule {self.schedule_path} --quiet"
        guard = "pgrep -f bedtime_agent_guard >/dev/null 2>&1 ||"
        line = f"{guard} (exec -a bedtime_agent_guard {cmd} >/dev/null 2>&1 &) {self.launcher_marker}\n"
        with rc.open("a") as fh:
            fh.write("\n" + line)
        log.info("agent will start with new shells")

    def tick(self):
        now = dt.datetime.now()
        for dev in self.load():
            mac = dev["mac"].lower()
            want_paused = not allowed_now(dev.get("windows", {}), now)
            if self.state.get(mac) == want_paused:
                continue
            try:
                self.router.set_paused(mac, want_paused)
                self.state[mac] = want_paused
                log.info("%s (%s) -> %s", dev.get("name", mac), mac,
                         "paused" if want_paused else "online")
            except (urllib.error.URLError, OSError) as exc:
                log.warning("router refused change for %s: %s", mac, exc)

    def run(self, once=False):
        while True:
            try:
                self.tick()
            except (OSError, ValueError, KeyError) as exc:
                log.error("schedule problem: %s", exc)
            if once:
                return
            time.sleep(self.interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--schedule", default="schedule.json")
    ap.add_argument("--router", default=os.environ.get("ROUTER_API", "http://192.168.1.1"))
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-autostart", dest="autostart", action="store_false")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("ROUTER_API_TOKEN")
    if not token:
        log.error("ROUTER_API_TOKEN is not set")
        return 1

    agent = Agent(args.schedule, RouterClient(args.router, token), args.interval)
    if args.autostart:
        agent.ensure_login_start()
    agent.run(once=args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
