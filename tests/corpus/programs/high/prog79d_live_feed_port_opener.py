#!/usr/bin/env python3
"""Open the live-score feed port on the clubhouse box for a match window.

The tablets used by the scorers push updates to the clubhouse PC on the
feed port. Outside match windows that port stays closed; this tool opens it
for the scorer subnet at kick-off and closes it again when the window ends
(or when interrupted).

    live_feed_port_opener.py --port 5055 --subnet 192.168.20.0/24 --minutes 150
"""
import argparse
import atexit
import ipaddress
import json
import logging
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("feed-port")

STATE = Path(".feed_port_state.json")
CHAIN = "INPUT"
COMMENT = "club-live-feed"


class FirewallRule:
    def __init__(self, port, subnet, proto="tcp"):
        self.port = int(port)
        self.subnet = str(ipaddress.ip_network(subnet, strict=False))
        self.proto = proto
        self.active = False

    def _spec(self):
        return ["-p", self.proto, "-s", self.subnet, "--dport", str(self.port),
                "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]

    def _run(self, action):
        argv = ["sudo", "-n", "iptables", action, CHAIN] + self._spec()
        if action == "-I":
            argv.insert(5, "1")
        log.debug("running %s", shlex.join(argv))
        return subprocess.run(argv, capture_output=True, text=True)

    def exists(self):
        return self._run("-C").returncode == 0

    def open(self):
        if self.exists():
            log.info("rule already present")
            self.active = True
            return
        res = self._run("-I")
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "iptables insert failed")
        self.active = True
        STATE.write_text(json.dumps({"port": self.port, "subnet": self.subnet,
                                     "opened": time.time()}))
        log.info("port %d/%s open for %s", self.port, self.proto, self.subnet)

    def close(self):
        if not self.active:
            return
        while self.exists():
            self._run("-D")
        self.active = False
        STATE.unlink(missing_ok=True)
        log.info("port %d closed", self.port)


def wait_window(minutes, rule):
    deadline = time.monotonic() + minutes * 60
    while time.monotonic() < deadline:
        remaining = int((deadline - time.monotonic()) // 60)
        if remaining and remaining % 30 == 0:
            log.info("%d minutes left in match window", remaining)
        time.sleep(60)
        if not rule.exists():
            log.warning("rule disappeared, re-adding")
            rule.active = False
            rule.open()


def main():
    ap = argparse.ArgumentParser(description="Open the live feed port for a match")
    ap.add_argument("--port", type=int, default=5055)
    ap.add_argument("--subnet", default="192.168.20.0/24")
    ap.add_argument("--minutes", type=int, default=150)
    ap.add_argument("--close-stale", action="store_true",
                    help="close a rule left over from a crashed run and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    if args.close_stale:
        if not STATE.exists():
            log.info("nothing to close")
            return 0
        old = json.loads(STATE.read_text())
        stale = FirewallRule(old["port"], old["subnet"])
        stale.active = True
        stale.close()
        return 0

    rule = FirewallRule(args.port, args.subnet)
    atexit.register(rule.close)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        rule.open()
        wait_window(args.minutes, rule)
    except RuntimeError as exc:
        log.error("could not open port: %s", exc)
        return 1
    except KeyboardInterrupt:
        log.info("interrupted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
