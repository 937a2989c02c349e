#!/usr/bin/env python3
"""Rolling reboot of kiosk players over SSH.

Reads the inventory CSV exported from the fleet portal (columns: site,
host, port, user), filters it by site, and reboots players in small
batches so a whole venue never goes dark at once.
"""
import argparse
import csv
import logging
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

import paramiko

LOG = logging.getLogger("fleet-reboot")


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
    reboot_line = "sudo -n /usr/bin/systemctl reboot --message='fleet rolling reboot'"

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


def reboot_one(player, key_file, timeout):
    host = player["host"]
    try:
        with PlayerSession(player, key_file, timeout) as sess:
            rc, _, err = sess.run("cat /proc/uptime")
            LOG.debug("%s uptime before reboot: rc=%d", host, rc)
            try:
                rc, _, err = sess.run(PlayerSession.reboot_line)
            except (paramiko.SSHException, OSError):
                # the connection usually drops before an exit status arrives
                rc, err = 0, ""
            if rc != 0:
                return host, False, err.strip() or f"exit {rc}"
            return host, True, "reboot issued"
    except (paramiko.SSHException, OSError) as exc:
        return host, False, str(exc)


def batches(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inventory", help="fleet inventory CSV")
    ap.add_argument("--site", action="append", help="only players at this site")
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--pause", type=int, default=90, help="seconds between batches")
    ap.add_argument("--key", default=os.path.expanduser("~/.ssh/fleet_ed25519"))
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    players = list(read_inventory(args.inventory, args.site))
    if not players:
        LOG.error("no players matched")
        return 1
    LOG.info("rebooting %d players in batches of %d", len(players), args.batch)

    failed = []
    for n, group in enumerate(batches(players, args.batch), start=1):
        with ThreadPoolExecutor(max_workers=len(group)) as pool:
            futures = [pool.submit(reboot_one, p, args.key, args.timeout) for p in group]
            for fut in as_completed(futures):
                host, ok, msg = fut.result()
                (LOG.info if ok else LOG.error)("%s: %s", host, msg)
                if not ok:
                    failed.append(host)
        if n * args.batch < len(players):
            time.sleep(args.pause)

    if failed:
        LOG.error("failed on: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
