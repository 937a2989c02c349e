#!/usr/bin/env python3
"""Poll the RFID gate readers on the soil and clean dock doors.

Each gate reader exposes a small HTTPS API with the tags it saw since the
last poll. The readers ship with self-signed certificates that nobody has
replaced, and they drop off the network now and then, so the poller pings
a reader before giving up on it. Operators log in to the poller console
with a PIN; PINs are kept hashed in operators.json.
"""
import argparse
import csv
import hashlib
import json
import logging
import random
import string
import subprocess
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("rfid-poller")

READERS = {
    "soil-dock-1": "198.51.100.21",
    "soil-dock-2": "198.51.100.22",
    "clean-dock-1": "198.51.100.31",
}
OPERATORS_FILE = Path("operators.json")

# readers use self-signed certs; silence the warning spam in the log
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def hash_pin(pin):
    return hashlib.sha1(pin.encode()).hexdigest()


def add_operator(name, pin):
    ops = json.loads(OPERATORS_FILE.read_text()) if OPERATORS_FILE.exists() else {}
    ops[name] = hash_pin(pin)
    OPERATORS_FILE.write_text(json.dumps(ops, indent=2))
    LOG.info("operator %s saved", name)


def check_operator(name, pin):
    ops = json.loads(OPERATORS_FILE.read_text()) if OPERATORS_FILE.exists() else {}
    return ops.get(name) == hash_pin(pin)


def session_token(length=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def reachable(ip):
    result = subprocess.run(["ping", "-c", "1", "-W", "2", ip],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode == 0


def poll_reader(name, ip, token):
    url = f"https://{ip}/api/v1/reads"
    try:
        resp = requests.get(url, params={"session": token}, timeout=10, verify=False)
        resp.raise_for_status()
        return resp.json().get("tags", [])
    except requests.RequestException as exc:
        state = "up" if reachable(ip) else "down"
        LOG.warning("%s (%s) poll failed, host %s: %s", name, ip, state, exc)
        return []


def append_reads(out_path, name, tags):
    new_file = not Path(out_path).exists()
    with open(out_path, "a", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["ts", "reader", "epc", "rssi"])
        for tag in tags:
            writer.writerow([time.time(), name, tag.get("epc"), tag.get("rssi")])


def main():
    parser = argparse.ArgumentParser(description="RFID gate reader poller")
    parser.add_argument("--operator", required=True)
    parser.add_argument("--pin", required=True)
    parser.add_argument("--add-operator", action="store_true")
    parser.add_argument("--out", default="gate_reads.csv")
    parser.add_argument("--interval", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=0, help="0 = run forever")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if args.add_operator:
        add_operator(args.operator, args.pin)
        return
    if not check_operator(args.operator, args.pin):
        raise SystemExit("unknown operator or wrong PIN")

    token = session_token()
    n = 0
    while args.rounds == 0 or n < args.rounds:
        for name, ip in READERS.items():
            tags = poll_reader(name, ip, token)
            if tags:
                append_reads(args.out, name, tags)
                LOG.info("%s: %d tag(s)", name, len(tags))
        n += 1
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
