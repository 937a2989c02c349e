#!/usr/bin/env python3
"""Invoice PDF daemon.

Watches the shared invoice spool for rendered HTML invoices (written by the
billing service, one <invoice_id>.html plus a <invoice_id>.json sidecar
each), turns them into PDFs with wkhtmltopdf and moves both into the
outgoing folder the tenant-mail job picks up.

Started by the init script; it opens its log and spool directories and then
continues as the unprivileged billing account.
"""
import argparse
import configparser
import json
import logging
import logging.handlers
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("invoice-pdf")

DEFAULTS = {
    "spool": "/var/spool/billing/invoices",
    "outgoing": "/var/spool/billing/outgoing",
    "failed": "/var/spool/billing/failed",
    "run_as": "billing",
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


def switch_user(name, chown_paths=()):
    """Continue as the service account, keeping spool ownership consistent."""
    account = pwd.getpwnam(name)
    for p in chown_paths:
        os.chown(p, account.pw_uid, account.pw_gid)
    os.setgroups([])
    os.initgroups(account.pw_name, account.pw_gid)
    os.setresgid(account.pw_gid, account.pw_gid, account.pw_gid)
    os.setresuid(account.pw_uid, account.pw_uid, account.pw_uid)
    os.environ.update(HOME=account.pw_dir, USER=account.pw_name, LOGNAME=account.pw_name)
    os.umask(0o027)
    LOG.info("running as %s (uid %d)", account.pw_name, account.pw_uid)


def load_config(path):
    parser = configparser.ConfigParser()
    parser["worker"] = DEFAULTS
    if path and Path(path).exists():
        parser.read(path)
    return dict(parser["worker"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="/etc/billing/invoice_pdf.ini")
    ap.add_argument("--once", action="store_true", help="process the spool once and exit")
    ap.add_argument("--log-file", default="/var/log/billing/invoice_pdf.log")
    args = ap.parse_args()

    handler = logging.handlers.RotatingFileHandler(args.log_file, maxBytes=2_000_000, backupCount=3)
    logging.basicConfig(level=logging.INFO, handlers=[handler, logging.StreamHandler()],
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    worker = Worker(cfg)
    if cfg.get("run_as"):
        try:
            switch_user(cfg["run_as"], (worker.spool, worker.outgoing, worker.failed, args.log_file))
        except (KeyError, PermissionError) as exc:
            LOG.error("cannot switch to %s: %s", cfg["run_as"], exc)
            return 1
    signal.signal(signal.SIGTERM, worker.stop)
    signal.signal(signal.SIGINT, worker.stop)
    if args.once:
        LOG.info("processed %d invoices", worker.run_once())
        return 0
    worker.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
