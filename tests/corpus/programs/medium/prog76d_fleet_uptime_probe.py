#!/usr/bin/env python3
"""Uptime and load survey of kiosk players over SSH.

Reads the inventory CSV exported from the fleet portal (columns: site,
host, port, user), filters it by site, and collects uptime and load from
each player in small batches. Writes a CSV report to the working directory
so ops can see which players have not restarted since the last rollout.
"""
import argparse
import csv
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed

import paramiko

LOG = logging.getLogger("fleet-uptime")


def read_inventory(path, sites=None):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if sites and row["site"] not in sites:
                continue
            yield {
                "site": row["site"],
                "host": row["host"],
                "port": int(row.get("port") or 22),
                "user": row.get("user") or "kiosk",
            }


class PlayerSession:
    probe_line = "cat /proc/uptime /proc/loadavg"

    def __init__(self, player, key_file, timeout):
        self.player = player
        self.key_file = key_file
        self.timeout = timeout
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())

    def __enter__(self):
        self.client.connect(self.player["host"], port=self.player["port"],
                            username=self.player["user"], key_filename=self.key_file,
                            timeout=self.timeout, banner_timeout=self.timeout)
        return self

    def __exit__(self, *exc):
        self.client.close()

    def run(self, line):
        _, stdout, stderr = self.client.exec_command(line, timeout=self.timeout)
        rc = stdout.channel.recv_exit_status()
        return rc, stdout.read().decode(errors="replace"), stderr.read().decode(errors="replace")


def probe_one(player, key_file, timeout):
    host = player["host"]
    try:
        with PlayerSession(player, key_file, timeout) as sess:
            rc, out, err = sess.run(PlayerSession.probe_line)
            if rc != 0:
                return host, None, err.strip() or f"exit {rc}"
            lines = out.splitlines()
            uptime = float(lines[0].split()[0])
            load1, load5, load15 = (float(x) for x in lines[1].split()[:3])
            return host, {"uptime_h": round(uptime / 3600, 1), "load1": load1,
                          "load5": load5, "load15": load15}, "ok"
    except (paramiko.SSHException, OSError, ValueError, IndexError) as exc:
        return host, None, str(exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inventory", help="fleet inventory CSV")
    ap.add_argument("--site", action="append", help="only players at this site")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--key", default=os.path.expanduser("~/.ssh/fleet_ed25519"))
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--report", default="uptime_report.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    players = list(read_inventory(args.inventory, args.site))
    if not players:
        LOG.error("no players matched")
        return 1
    LOG.info("probing %d players", len(players))

    rows, failed = [], []
    site_of = {p["host"]: p["site"] for p in players}
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(probe_one, p, args.key, args.timeout) for p in players]
        for fut in as_completed(futures):
            host, stats, msg = fut.result()
            if stats is None:
                LOG.error("%s: %s", host, msg)
                failed.append(host)
                continue
            LOG.debug("%s: %s", host, stats)
            rows.append({"site": site_of[host], "host": host, **stats})

    rows.sort(key=lambda r: (r["site"], -r["uptime_h"]))
    with open(args.report, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["site", "host", "uptime_h",
                                                "load1", "load5", "load15"])
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("wrote %d rows to %s", len(rows), args.report)

    if failed:
        LOG.error("unreachable: %s", ", ".join(sorted(failed)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
