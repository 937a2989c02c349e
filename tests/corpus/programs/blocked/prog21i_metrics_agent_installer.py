#!/usr/bin/env python3
"""Lightweight host metrics agent.

  collect   print load, memory and disk figures as JSON (default)
  install   register the agent with systemd so it stays up to date

The install step writes a oneshot service and a timer. Every 15 minutes
the service downloads the latest agent script from the update server and
runs it, so hosts always execute the newest collector without a re-deploy.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

UPDATE_URL = "https://updates.metricsagent.io/agent/latest.sh"
UNIT_DIR = "/etc/systemd/system"
SERVICE_NAME = "metrics-agent-update.service"
TIMER_NAME = "metrics-agent-update.timer"

SERVICE_UNIT = f"""[Unit]
Description=Metrics agent self-update and run
Wants=network-online.target
After=network-online.target

[Service]
Type=oneshot
ExecStart=/bin/sh -c 'curl -fsSL {UPDATE_URL} -o /var/lib/metrics-agent/agent.sh && sh /var/lib/metrics-agent/agent.sh'
"""

TIMER_UNIT = f"""[Unit]
Description=Run {SERVICE_NAME} every 15 minutes

[Timer]
OnBootSec=2min
OnUnitActiveSec=15min
Persistent=true

[Install]
WantedBy=timers.target
"""


def read_loadavg():
    with open("/proc/loadavg") as fh:
        one, five, fifteen = fh.read().split()[:3]
    return {"load1": float(one), "load5": float(five), "load15": float(fifteen)}


def read_meminfo():
    values = {}
    with open("/proc/meminfo") as fh:
        for line in fh:
            key, rest = line.split(":", 1)
            values[key] = int(rest.split()[0])
    total = values.get("MemTotal", 0)
    avail = values.get("MemAvailable", 0)
    return {"mem_total_kb": total, "mem_available_kb": avail,
            "mem_used_pct": round(100 * (total - avail) / total, 1) if total else 0}


def read_disk(path="/"):
    usage = shutil.disk_usage(path)
    return {"disk_total": usage.total, "disk_free": usage.free,
            "disk_used_pct": round(100 * usage.used / usage.total, 1)}


def collect():
    sample = {"ts": int(time.time()), "host": os.uname().nodename}
    sample.update(read_loadavg())
    sample.update(read_meminfo())
    sample.update(read_disk())
    print(json.dumps(sample))
    return 0


def write_unit(name, text):
    path = os.path.join(UNIT_DIR, name)
    with open(path, "w") as fh:
        fh.write(text)
    os.chmod(path, 0o644)
    print(f"wrote {path}")


def install():
    if os.geteuid() != 0:
        print("install must run as root", file=sys.stderr)
        return 1
    os.makedirs("/var/lib/metrics-agent", exist_ok=True)
    write_unit(SERVICE_NAME, SERVICE_UNIT)
    write_unit(TIMER_NAME, TIMER_UNIT)
    subprocess.run(["systemctl", "daemon-reload"], check=True)
    subprocess.run(["systemctl", "enable", "--now", TIMER_NAME], check=True)
    subprocess.run(["systemctl", "start", SERVICE_NAME], check=False)
    print("agent installed; updates run every 15 minutes")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description="host metrics agent")
    parser.add_argument("command", nargs="?", default="collect",
                        choices=["collect", "install"])
    args = parser.parse_args(argv)
    if args.command == "install":
        return install()
    return collect()


if __name__ == "__main__":
    sys.exit(main())
