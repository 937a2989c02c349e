#!/usr/bin/env python3
"""Configure the local Mosquitto broker to bridge sensor topics to a second
broker in the garage, then restart the service.

Writes /etc/mosquitto/conf.d/garage-bridge.conf and runs
`systemctl restart mosquitto`. Must be run as root.
"""
import argparse
import os
import shutil
import subprocess
import sys

CONF_DIR = "/etc/mosquitto/conf.d"
CONF_FILE = os.path.join(CONF_DIR, "garage-bridge.conf")

TEMPLATE = """# Managed by prog27e_mosquitto_bridge_config.py - edits will be overwritten
connection garage-bridge
address {address}:{port}
clientid {clientid}
cleansession true
start_type automatic
restart_timeout 10 60
{topics}
"""


def render(args):
    topics = "\n".join(f"topic {t} both 0" for t in args.topic)
    return TEMPLATE.format(address=args.address, port=args.port,
                           clientid=args.clientid, topics=topics)


def install(text):
    os.makedirs(CONF_DIR, exist_ok=True)
    if os.path.exists(CONF_FILE):
        shutil.copy2(CONF_FILE, CONF_FILE + ".bak")
        with open(CONF_FILE) as fh:
            if fh.read() == text:
                return False
    with open(CONF_FILE, "w") as fh:
        fh.write(text)
    os.chmod(CONF_FILE, 0o644)
    return True


def restart_broker():
    subprocess.run(["systemctl", "restart", "mosquitto"], check=True)
    status = subprocess.run(["systemctl", "is-active", "mosquitto"],
                            capture_output=True, text=True)
    return status.stdout.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--address", default="192.168.1.30")
    ap.add_argument("--port", type=int, default=1883)
    ap.add_argument("--clientid", default="house-to-garage")
    ap.add_argument("--topic", action="append",
                    default=None, help="topic pattern to bridge (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    if not args.topic:
        args.topic = ["garage/#", "home/sensors/#"]

    text = render(args)
    if args.dry_run:
        print(text)
        return 0
    if os.geteuid() != 0:
        print("must run as root to edit /etc/mosquitto", file=sys.stderr)
        return 1
    changed = install(text)
    if not changed:
        print("bridge configuration unchanged")
        return 0
    try:
        state = restart_broker()
    except subprocess.CalledProcessError as exc:
        print(f"restart failed ({exc.returncode}); restoring backup",
              file=sys.stderr)
        if os.path.exists(CONF_FILE + ".bak"):
            shutil.copy2(CONF_FILE + ".bak", CONF_FILE)
        return 1
    print(f"wrote {CONF_FILE}; mosquitto is {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
