#!/usr/bin/env python3
"""Keep the spa's booking terminals pointed at a working booking API.

The booking vendor runs a primary and a standby region. Their DNS takes up
to an hour to move during an outage, which means a morning of walk-ins
with no diary. This tool probes both regions and, when the primary is
down, pins the API hostname to the standby address in the hosts file of
the terminal; when the primary recovers the pin is taken out again.

Config (failover.json in the working directory):
    {"hostname": "api.spadiary.com",
     "primary":  "https://eu-west.spadiary.com/health",
     "standby":  {"url": "https://eu-central.spadiary.com/health", "ip": "18.195.77.21"}}
"""
import argparse
import json
import logging
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("booking_failover")

HOSTS_FILE = "/etc/hosts"
MARK = "# spadiary-failover"


def probe(url: str, attempts: int = 3, timeout: float = 5.0) -> bool:
    for i in range(attempts):
        try:
            with urllib.request.urlopen(url, timeout=timeout) as resp:
                if resp.status == 200:
                    return True
        except (urllib.error.URLError, OSError) as exc:
            log.debug("probe %s attempt %d: %s", url, i + 1, exc)
        time.sleep(1 + i)
    return False


class HostsPin:
    def __init__(self, hostname: str, path: str = HOSTS_FILE):
        self.hostname = hostname
        self.path = path

    def _lines(self):
        with open(self.path, encoding="utf-8") as fh:
            return fh.read().splitlines()

    def current(self):
        for line in self._lines():
            if line.endswith(MARK) and self.hostname in line.split():
                return line.split()[0]
        return None

    def _write(self, lines) -> None:
        text = "\n".join(lines) + "\n"
        proc = subprocess.run(["sudo", "-n", "tee", self.path], input=text.encode(),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if proc.returncode != 0:
            raise PermissionError(proc.stderr.decode().strip() or "tee failed")

    def pin(self, ip: str) -> None:
        lines = [l for l in self._lines() if not l.endswith(MARK)]
        lines.append(f"{ip}\t{self.hostname}\t{MARK}")
        self._write(lines)

    def unpin(self) -> None:
        lines = self._lines()
        kept = [l for l in lines if not l.endswith(MARK)]
        if kept != lines:
            self._write(kept)


def load_config(path: Path) -> dict:
    cfg = json.loads(path.read_text())
    for key in ("hostname", "primary", "standby"):
        if key not in cfg:
            raise ValueError(f"config missing {key!r}")
    return cfg


def step(cfg: dict, pin: HostsPin) -> str:
    pinned = pin.current()
    if probe(cfg["primary"]):
        if pinned:
            pin.unpin()
            return "primary back, pin removed"
        return "primary ok"
    standby = cfg["standby"]
    if not probe(standby["url"]):
        return "both regions down, nothing to do"
    if pinned == standby["ip"]:
        return "already on standby"
    pin.pin(standby["ip"])
    return f"primary down, pinned {cfg['hostname']} -> {standby['ip']}"


def main() -> int:
    ap = argparse.ArgumentParser(description="booking API failover for spa terminals")
    ap.add_argument("--config", type=Path, default=Path("failover.json"))
    ap.add_argument("--watch", type=int, default=0, help="re-check every N seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        cfg = load_config(args.config)
    except (OSError, ValueError) as exc:
        log.error("bad config: %s", exc)
        return 2

    pin = HostsPin(cfg["hostname"])
    while True:
        try:
            log.info(step(cfg, pin))
        except PermissionError as exc:
            log.error("cannot update %s: %s", HOSTS_FILE, exc)
            return 1
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    sys.exit(main())
