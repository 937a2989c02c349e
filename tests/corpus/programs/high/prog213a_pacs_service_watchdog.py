#!/usr/bin/env python3
"""One-shot health check for the clinic's PACS (Orthanc) server.

Asks Orthanc's REST API whether it is alive; if it is not, writes a small
shell recovery script that restarts the service through systemctl, runs it
and checks again.  Meant to be run by hand by whoever is on shift when the
x-ray viewer stops loading studies.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("pacs-watchdog")

DEFAULT_URL = "http://pacs.example.com:8042/system"

RECOVERY = """#!/bin/bash
set -u
svc="$PACS_SERVICE"
echo "state before: $(systemctl is-active "$svc")"
systemctl restart "$svc"
for i in $(seq 1 "$PACS_WAIT"); do
    if [ "$(systemctl is-active "$svc")" = "active" ]; then
        echo "state after: active (${i}s)"
        exit 0
    fi
    sleep 1
done
echo "state after: $(systemctl is-active "$svc")"
systemctl status "$svc" --no-pager -n 20
exit 1
"""


class PacsCheck:
    def __init__(self, url, timeout):
        self.url = url
        self.timeout = timeout

    def alive(self):
        try:
            with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
                info = json.loads(resp.read().decode())
            LOG.info("Orthanc %s (%s) is answering",
                     info.get("Version", "?"), info.get("Name", "?"))
            return True
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.warning("PACS not answering: %s", exc)
            return False


class ServiceRecovery:
    def __init__(self, service, wait):
        self.service = service
        self.wait = wait

    def run(self):
        fd, path = tempfile.mkstemp(prefix="pacs-recover-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(RECOVERY)
        os.chmod(path, 0o700)
        env = dict(os.environ, PACS_SERVICE=self.service, PACS_WAIT=str(self.wait))
        try:
            res = subprocess.run(["bash", path], env=env, capture_output=True,
                                 text=True, timeout=self.wait + 60)
        except subprocess.TimeoutExpired:
            LOG.error("recovery script timed out")
            return False
        finally:
            os.unlink(path)
        for line in res.stdout.splitlines():
            LOG.info("recovery: %s", line)
        if res.returncode != 0:
            LOG.error("recovery failed: %s", res.stderr.strip() or "see status above")
        return res.returncode == 0


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=os.environ.get("PACS_URL", DEFAULT_URL))
    ap.add_argument("--service", default="orthanc")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--wait", type=int, default=30)
    ap.add_argument("--check-only", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    check = PacsCheck(args.url, args.timeout)
    if check.alive():
        return 0
    if args.check_only:
        return 1
    LOG.info("restarting service %s", args.service)
    if not ServiceRecovery(args.service, args.wait).run():
        return 2
    time.sleep(3)
    if check.alive():
        LOG.info("PACS recovered")
        return 0
    LOG.error("PACS still down after restart; escalate to IT")
    return 3


if __name__ == "__main__":
    sys.exit(main())
