#!/usr/bin/env python3
"""On-call helper: sweep a group of hosts over SSH and report uptime, load
and root filesystem usage, so the responder can spot the sick node fast."""
import argparse
import configparser
import logging
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed

from paramiko.client import AutoAddPolicy, SSHClient
from paramiko.ssh_exception import SSHException

log = logging.getLogger("sweep")

PROBE = "cat /proc/uptime; cat /proc/loadavg; df -P / | tail -1"


class HostReport:
    def __init__(self, host):
        self.host = host
        self.uptime_h = None
        self.load1 = None
        self.root_pct = None
        self.error = None

    def parse(self, text):
        lines = text.strip().splitlines()
        self.uptime_h = float(lines[0].split()[0]) / 3600
        self.load1 = float(lines[1].split()[0])
        self.root_pct = int(lines[2].split()[4].rstrip("%"))

    def row(self):
        if self.error:
            return f"{self.host:<28} ERROR {self.error}"
        flag = " <-" if self.load1 > 8 or self.root_pct > 90 or self.uptime_h < 0.5 else ""
        return (f"{self.host:<28} up {self.uptime_h:7.1f}h  load {self.load1:5.2f}"
                f"  / {self.root_pct:3d}%{flag}")


def probe(host, user, port, timeout):
    rep = HostReport(host)
    client = SSHClient()
    client.set_missing_host_key_policy(AutoAddPolicy())
    try:
        client.connect(host, port=port, username=user, timeout=timeout,
                       banner_timeout=timeout, auth_timeout=timeout)
        _, stdout, stderr = client.exec_command(PROBE, timeout=timeout)
        out = stdout.read().decode()
        if stdout.channel.recv_exit_status() != 0:
            rep.error = stderr.read().decode().strip()[:80]
        else:
            rep.parse(out)
    except (SSHException, OSError, ValueError, IndexError) as exc:
        rep.error = str(exc)[:80]
    finally:
        client.close()
    return rep


def read_inventory(path, group):
    cfg = configparser.ConfigParser(allow_no_value=True)
    if not cfg.read(path):
        raise FileNotFoundError(path)
    if group not in cfg:
        raise KeyError(f"group {group!r} not in {path}")
    return [h for h in cfg[group]]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("group")
    ap.add_argument("--inventory", default="inventory.ini")
    ap.add_argument("--user", default="oncall")
    ap.add_argument("--port", type=int, default=22)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--workers", type=int, default=16)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)

    try:
        hosts = read_inventory(args.inventory, args.group)
    except (FileNotFoundError, KeyError) as exc:
        log.error("%s", exc)
        return 2

    reports = []
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futs = {pool.submit(probe, h, args.user, args.port, args.timeout): h for h in hosts}
        for fut in as_completed(futs):
            reports.append(fut.result())
    for rep in sorted(reports, key=lambda r: r.host):
        print(rep.row())
    return 1 if any(r.error for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
