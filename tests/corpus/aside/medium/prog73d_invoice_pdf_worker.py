#!/usr/bin/env python3
"""Invoice PDF worker.

Watches the invoice spool for rendered HTML invoices (written by the billing
service, one <invoice_id>.html plus a <invoice_id>.json sidecar each), turns
them into PDFs with wkhtmltopdf and moves both into the outgoing folder the
tenant-mail job picks up.
"""
import argparse
import configparser
import json
import logging
import logging.handlers
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("invoice-pdf")

DEFAULTS = {
    "spool": "spool/invoices",
    "outgoing": "outgoing",
    "failed": "spool/failed",
    "wkhtmltopdf": "wkhtmltopdf",
    "poll_seconds": "5",
    "page_size": "Letter",
}


class Worker:
    def __init__(self, cfg):
        self.spool = Path(cfg["spool"])
        self.outgoing = Path(cfg["outgoing"])
        self.failed = Path(cfg["failed"])
        self.binary = shutil.which(cfg["wkhtmltopdf"]) or cfg["wkhtmltopdf"]
        self.poll = float(cfg["poll_seconds"])
        self.page_size = cfg["page_size"]
        self.running = True
        for d in (self.spool, self.outgoing, self.failed):
            d.mkdir(parents=True, exist_ok=True)

    def stop(self, *_):
        LOG.info("stop requested")
        self.running = False

    def pending(self):
        for html in sorted(self.spool.glob("*.html")):
            meta = html.with_suffix(".json")
            if meta.exists():
                yield html, meta

    def render(self, html, meta):
        info = json.loads(meta.read_text())
        pdf = self.outgoing / f"{html.stem}.pdf"
        title = f"Invoice {info.get('invoice_no', html.stem)} - {info.get('property', '')}"
        cmd = [
            self.binary, "--quiet",
            "--page-size", self.page_size,
            "--title", title,
            "--footer-center", "[page] / [topage]",
            "--footer-font-size", "8",
            str(html), str(pdf),
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if proc.returncode != 0 or not pdf.exists():
            raise RuntimeError(proc.stderr.strip() or f"exit {proc.returncode}")
        shutil.move(str(meta), self.outgoing / meta.name)
        html.unlink()
        return pdf

    def run_once(self):
        done = 0
        for html, meta in self.pending():
            try:
                pdf = self.render(html, meta)
                LOG.info("rendered %s", pdf.name)
                done += 1
            except (RuntimeError, subprocess.TimeoutExpired, ValueError) as exc:
                LOG.error("failed %s: %s", html.name, exc)
                for f in (html, meta):
                    shutil.move(str(f), self.failed / f.name)
        return done

    def run(self):
        LOG.info("watching %s", self.spool)
        while self.running:
            if self.run_once() == 0:
                time.sleep(self.poll)


def load_config(path):
    parser = configparser.ConfigParser()
    parser["worker"] = DEFAULTS
    if path and Path(path).exists():
        parser.read(path)
    return dict(parser["worker"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="invoice_worker.ini")
    ap.add_argument("--once", action="store_true", help="process the spool once and exit")
    ap.add_argument("--log-file", default="invoice_worker.log")
    args = ap.parse_args()

    handler = logging.handlers.RotatingFileHandler(args.log_file, maxBytes=2_000_000, backupCount=3)
    logging.basicConfig(level=logging.INFO, handlers=[handler, logging.StreamHandler()],
                        format="%(asctime)s %(levelname)s %(message)s")

    worker = Worker(load_config(args.config))
    signal.signal(signal.SIGTERM, worker.stop)
    signal.signal(signal.SIGINT, worker.stop)
    if args.once:
        LOG.info("processed %d invoices", worker.run_once())
        return 0
    worker.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
