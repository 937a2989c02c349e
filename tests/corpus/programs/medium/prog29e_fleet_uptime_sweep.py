#!/usr/bin/env python3
"""Sweep a list of Linux hosts over SSH and collect uptime, load and disk use.

Hosts come from an inventory file (one `user@host[:port]` per line). Auth uses
the running ssh-agent. Results are printed as a table and saved as JSON in the
working directory.
"""

import argparse
import concurrent.futures as cf
import json
import logging
import re
import sys
import time
from pathlib import Path

import paramiko

log = logging.getLogger("fleet-sweep")

COMMANDS = {
    "uptime": "cat /proc/uptime",
    "load": "cat /proc/loadavg",
    "disk": "df -P / /var /home 2>/dev/null | tail -n +2",
    "mem": "grep -E '^(MemTotal|MemAvailable):' /proc/meminfo",
    "kernel": "uname -r",
}


def parse_inventory(path: Path, default_user: str):
    entries = []
    for ln in path.read_text().splitlines():
        ln = ln.split("#", 1)[0].strip()
        if not ln:
            continue
        m = re.match(r"^(?:(?P<user>[^@]+)@)?(?P<host>[^:]+)(?::(?P<port>\d+))?$", ln)
        if not m:
            log.warning("bad inventory line: %r", ln)
            continue
        entries.append((m["user"] or default_user, m["host"], int(m["port"] or 22)))
    return entries


def run_remote(client: paramiko.SSHClient, cmd: str, timeout: int) -> str:
    _stdin, stdout, stderr = client.exec_command(cmd, timeout=timeout)
    out = stdout.read().decode(errors="replace")
    if stdout.channel.recv_exit_status() != 0:
        err = stderr.read().decode(errors="replace").strip()
        log.debug("command %r stderr: %s", cmd, err)
    return out.strip()


def sweep_host(user: str, host: str, port: int, timeout: int) -> dict:
    record = {"host": host, "port": port, "user": user, "ok": False}
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    # new VMs come and go every day; accept whatever key they present
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    t0 = time.monotonic()
    try:
        client.connect(host, port=port, username=user, timeout=timeout,
                       allow_agent=True, look_for_keys=False, banner_timeout=timeout)
        raw = {k: run_remote(client, c, timeout) for k, c in COMMANDS.items()}
    except (paramiko.SSHException, OSError) as exc:
        record["error"] = str(exc)
        return record
    finally:
        client.close()

    record["ok"] = True
    record["elapsed_s"] = round(time.monotonic() - t0, 2)
    record["uptime_days"] = round(float(raw["uptime"].split()[0]) / 86400, 1)
    record["load1"] = float(raw["load"].split()[0])
    record["kernel"] = raw["kernel"]
    mem = dict(re.findall(r"^(\w+):\s+(\d+)", raw["mem"], re.M))
    if mem:
        record["mem_used_pct"] = round(100 * (1 - int(mem["MemAvailable"]) / int(mem["MemTotal"])), 1)
    record["disk"] = {}
    for line in raw["disk"].splitlines():
        cols = line.split()
        if len(cols) >= 6:
            record["disk"][cols[5]] = int(cols[4].rstrip("%"))
    return record


def print_table(rows):
    print(f"{'HOST':<28}{'UP(d)':>7}{'LOAD':>7}{'MEM%':>7}  DISK")
    for r in sorted(rows, key=lambda x: x["host"]):
        if not r["ok"]:
            print(f"{r['host']:<28}  ERROR: {r.get('error', '?')}")
            continue
        disks = " ".join(f"{m}={p}%" for m, p in r["disk"].items())
        print(f"{r['host']:<28}{r['uptime_days']:>7}{r['load1']:>7}{r.get('mem_used_pct', '-'):>7}  {disks}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inventory", type=Path)
    ap.add_argument("-u", "--user", default="ops")
    ap.add_argument("-j", "--jobs", type=int, default=8)
    ap.add_argument("-t", "--timeout", type=int, default=10)
    ap.add_argument("-o", "--output", type=Path, default=Path("fleet-sweep.json"))
    ap.add_argument("--disk-alert", type=int, default=90)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    hosts = parse_inventory(args.inventory, args.user)
    if not hosts:
        log.error("inventory is empty")
        return 2
    log.info("sweeping %d hosts with %d workers", len(hosts), args.jobs)

    rows = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(sweep_host, u, h, p, args.timeout): h for u, h, p in hosts}
        for fut in cf.as_completed(futs):
            rows.append(fut.result())

    print_table(rows)
    args.output.write_text(json.dumps(rows, indent=2))
    alerts = [r["host"] for r in rows if r["ok"] and any(v >= args.disk_alert for v in r["disk"].values())]
    if alerts:
        log.warning("disk above %d%% on: %s", args.disk_alert, ", ".join(alerts))
    failed = sum(1 for r in rows if not r["ok"])
    log.info("done: %d ok, %d unreachable; saved %s", len(rows) - failed, failed, args.output)
    return 1 if failed or alerts else 0


if __name__ == "__main__":
    sys.exit(main())
