#!/usr/bin/env python3
"""Turn SNMP linkDown/linkUp traps from tower radios into member SMS alerts.

Tower access points and backhaul radios send SNMPv2c traps to the NOC box.
The listener runs unprivileged on a high port; the standard trap port is
redirected to it at start-up.  When a radio reports linkDown, members on that
tower (from towers.json) get a text through the SMS provider's REST API,
rate-limited so a flapping link does not spam anyone.
"""
import argparse
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("trap-alerter")

LINK_DOWN = bytes.fromhex("2b0601060301010503")  # 1.3.6.1.6.3.1.1.5.3
LINK_UP = bytes.fromhex("2b0601060301010504")    # 1.3.6.1.6.3.1.1.5.4
TRAP_PORT = 162
SMS_API = "https://api.sms-provider.example.com/2010-04-01/Accounts/{sid}/Messages.json"


class PortRedirect:
    """Keeps udp/162 pointed at the unprivileged listener port."""

    def __init__(self, listen_port):
        self.rule = ["PREROUTING", "-p", "udp", "--dport", str(TRAP_PORT),
                     "-j", "REDIRECT", "--to-ports", str(listen_port)]
        self.tool = shutil.which("iptables") or "/usr/sbin/iptables"

    def _nat(self, action):
        cmd = ["sudo", "-n", self.tool, "-t", "nat", action, *self.rule]
        return subprocess.run(cmd, capture_output=True, text=True)

    def install(self):
        if self._nat("-C").returncode == 0:
            log.info("trap redirect already present")
            return
        res = self._nat("-A")
        if res.returncode != 0:
            log.error("could not add redirect: %s", res.stderr.strip())
        else:
            log.info("redirected udp/%d", TRAP_PORT)

    def remove(self):
        self._nat("-D")


class Notifier:
    def __init__(self, towers, cooldown_s=900):
        self.towers = towers
        self.cooldown = cooldown_s
        self.last_sent = {}
        self.sid = os.environ["SMS_ACCOUNT_SID"]
        self.auth = (self.sid, os.environ["SMS_AUTH_TOKEN"])
        self.sender = os.environ.get("SMS_FROM", "+15550100")
        self.lock = threading.Lock()

    def notify(self, radio_ip, state):
        tower = self.towers.get(radio_ip)
        if not tower:
            log.info("trap from unknown radio %s", radio_ip)
            return
        key = (tower["id"], state)
        with self.lock:
            if time.monotonic() - self.last_sent.get(key, -1e9) < self.cooldown:
                return
            self.last_sent[key] = time.monotonic()
        if state == "down":
            text = f"Co-op outage: service from {tower['name']} is down. Crews notified."
        else:
            text = f"Co-op update: service from {tower['name']} is restored."
        for number in tower.get("members", []):
            try:
                r = requests.post(SMS_API.format(sid=self.sid), auth=self.auth, timeout=10,
                                  data={"From": self.sender, "To": number, "Body": text})
                r.raise_for_status()
            except requests.RequestException as exc:
                log.warning("sms to %s failed: %s", number, exc)
        log.info("%s %s: notified %d members", tower["name"], state, len(tower.get("members", [])))


def classify(packet):
    if LINK_DOWN in packet:
        return "down"
    if LINK_UP in packet:
        return "up"
    return None


def listen(port, notifier):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("0.0.0.0", port))
    log.info("listening for traps on udp/%d", port)
    while True:
        packet, (src, _) = sock.recvfrom(65535)
        state = classify(packet)
        if state:
            threading.Thread(target=notifier.notify, args=(src, state), daemon=True).start()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--towers", default="towers.json")
    ap.add_argument("--port", type=int, default=1162)
    ap.add_argument("--cooldown", type=int, default=900)
    ap.add_argument("--keep-redirect", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        towers = {t["radio_ip"]: t for t in json.loads(Path(args.towers).read_text())}
        notifier = Notifier(towers, args.cooldown)
    except (OSError, ValueError, KeyError) as exc:
        log.error("startup failed: %s", exc)
        return 2

    redirect = PortRedirect(args.port)
    redirect.install()
    try:
        listen(args.port, notifier)
    except KeyboardInterrupt:
        pass
    finally:
        if not args.keep_redirect:
            redirect.remove()
    return 0


if __name__ == "__main__":
    sys.exit(main())
