#!/usr/bin/env python3
"""Polls the projectors' status pages and writes a combined snapshot that
the booth dashboard reads. The projectors ship with self-signed certificates
that nobody has replaced."""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field

import requests
import urllib3

log = logging.getLogger("proj-poll")

SNAPSHOT = "/tmp/booth_projector_status.json"

PROJECTORS = {
    "screen1": "192.0.2.21",
    "screen2": "192.0.2.22",
    "screen3": "192.0.2.23",
}


@dataclass
class Status:
    screen: str
    address: str
    reachable: bool = False
    power: str = "unknown"
    lamp_hours: int = -1
    douser: str = "unknown"
    errors: list = field(default_factory=list)
    checked: float = field(default_factory=time.time)


def ping(address):
    tool = shutil.which("ping") or "ping"
    res = subprocess.run([tool, "-c", "1", "-W", "1", address],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return res.returncode == 0


class StatusClient:
    def __init__(self, timeout=5.0):
        self.session = requests.Session()
        self.session.verify = False
        self.timeout = timeout
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def fetch(self, address):
        url = f"https://{address}/api/v1/status"
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


FIELD_MAP = {
    "power": lambda d: d.get("power", {}).get("state", "unknown"),
    "lamp_hours": lambda d: int(d.get("illumination", {}).get("hours", -1)),
    "douser": lambda d: d.get("douser", {}).get("state", "unknown"),
    "errors": lambda d: [e.get("text", "") for e in d.get("alarms", [])],
}


def poll(client, screen, address):
    st = Status(screen, address)
    if not ping(address):
        st.errors.append("no ping reply")
        return st
    st.reachable = True
    try:
        data = client.fetch(address)
    except (requests.RequestException, ValueError) as exc:
        st.errors.append(f"status page: {exc}")
        return st
    for name, pick in FIELD_MAP.items():
        try:
            setattr(st, name, pick(data))
        except (TypeError, ValueError):
            pass
    return st


def write_snapshot(statuses, path):
    body = {"generated": time.time(), "projectors": [asdict(s) for s in statuses]}
    with open(path, "w") as fh:
        json.dump(body, fh, indent=2)
    os.chmod(path, 0o644)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--every", type=int, default=0, help="repeat every N seconds")
    p.add_argument("--out", default=SNAPSHOT)
    p.add_argument("--only", help="comma separated screens")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    wanted = set(args.only.split(",")) if args.only else set(PROJECTORS)
    client = StatusClient()
    while True:
        statuses = [poll(client, s, a) for s, a in PROJECTORS.items() if s in wanted]
        write_snapshot(statuses, args.out)
        for st in statuses:
            log.info("%s %s power=%s lamp=%s douser=%s %s", st.screen, st.address,
                     st.power, st.lamp_hours, st.douser, "; ".join(st.errors))
        if not args.every:
            break
        time.sleep(args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
