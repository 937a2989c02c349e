#!/usr/bin/env python3
"""Poll uptime, load and root-disk usage from lab machines over SSH.

Hosts are listed one per line in hosts.txt (optionally "host user").
Authentication uses the running ssh-agent; lab machines are re-imaged
often, so their host keys are accepted automatically.
"""
import csv
import logging
import re
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import paramiko

log = logging.getLogger("fleet")

DEFAULT_USER = "labops"
COMMANDS = {
    "uptime": "cat /proc/uptime",
    "load": "cat /proc/loadavg",
    "disk": "df -P / | tail -1",
}


def read_hosts(path: Path) -> list[tuple[str, str]]:
    hosts = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        hosts.append((parts[0], parts[1] if len(parts) > 1 else DEFAULT_USER))
    return hosts


def connect(host: str, user: str) -> paramiko.SSHClient:
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host, username=user, timeout=8, allow_agent=True, look_for_keys=False)
    return client


def poll(host: str, user: str) -> dict:
    row = {"host": host, "uptime_days": "", "load1": "", "root_used": "", "error": ""}
    try:
        client = connect(host, user)
    except (paramiko.SSHException, OSError) as exc:
        row["error"] = str(exc)
        return row
    try:
        out = {}
        for key, cmd in COMMANDS.items():
            _, stdout, _ = client.exec_command(cmd, timeout=10)
            out[key] = stdout.read().decode().strip()
        row["uptime_days"] = f"{float(out['uptime'].split()[0]) / 86400:.1f}"
        row["load1"] = out["load"].split()[0]
        m = re.search(r"(\d+)%", out["disk"])
        row["root_used"] = m.group(1) if m else "?"
    except (paramiko.SSHException, ValueError, IndexError) as exc:
        row["error"] = f"parse/exec: {exc}"
    finally:
        client.close()
    return row


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    hosts_file = Path(sys.argv[1] if len(sys.argv) > 1 else "hosts.txt")
    hosts = read_hosts(hosts_file)
    if not hosts:
        log.error("no hosts in %s", hosts_file)
        return 1

    rows = []
    with ThreadPoolExecutor(max_workers=16) as pool:
        futures = {pool.submit(poll, h, u): h for h, u in hosts}
        for fut in as_completed(futures):
            row = fut.result()
            rows.append(row)
            if row["error"]:
                log.warning("%s: %s", row["host"], row["error"])

    rows.sort(key=lambda r: r["host"])
    with open("fleet_status.csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    bad = sum(1 for r in rows if r["error"])
    log.info("polled %d hosts, %d unreachable -> fleet_status.csv", len(rows), bad)
    return 0 if bad == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
