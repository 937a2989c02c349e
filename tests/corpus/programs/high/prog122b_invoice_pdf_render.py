#!/usr/bin/env python3
"""Render invoice JSON files to PDF with a pinned pandoc/LaTeX image.

LaTeX installs differ on every band member's laptop, so rendering happens in
the pandoc/latex container: each invoices/*.json becomes a Markdown file
with the letterhead template, and the container turns it into a PDF next to
it.  Talks to the local Docker engine directly, so the docker CLI is not
needed (handy on the minimal NUC that runs the band office).

    invoice_pdf_render.py [invoices/] [--image pandoc/latex:3.1]
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from string import Template

log = logging.getLogger("invoice-pdf")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
TEMPLATE = Template("""---
title: "Invoice $reference"
geometry: margin=22mm
mainfont: "TeX Gyre Heros"
---

**Bill to:** $client  \\
**Date:** $issue_date  \\
**From:** $sender

| Item | Amount (GBP) |
|:-----|-------------:|
$rows
| **Total** | **$total** |

Payment within 14 days to sort code 00-00-00, account $account.
""")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, expect=(200, 201, 204)):
        conn = EngineConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, API + url, body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            name, _, tag = image.partition(":")
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def run(self, image, cmd, workdir):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/data",
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": [f"{workdir}:/data"], "NetworkMode": "none"},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")["StatusCode"]
            if status != 0:
                logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
                log.error("render failed (%d): %s", status, logs[-500:] if isinstance(logs, bytes) else logs)
            return status
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def to_markdown(invoice, sender, account):
    rows = "\n".join(f"| {l['description']} | {l['amount']} |" for l in invoice["lines"])
    return TEMPLATE.substitute(invoice, rows=rows, sender=sender, account=account)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render invoice JSON to PDF via pandoc/latex")
    ap.add_argument("folder", nargs="?", default="invoices")
    ap.add_argument("--image", default="pandoc/latex:3.1")
    ap.add_argument("--sender", default=os.environ.get("INVOICE_SENDER", "Harp & Strings Ltd"))
    ap.add_argument("--account", default=os.environ.get("INVOICE_ACCOUNT", "12345678"))
    ap.add_argument("--force", action="store_true", help="re-render existing PDFs")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    folder = Path(args.folder).resolve()
    todo = [p for p in sorted(folder.glob("*.json"))
            if args.force or not p.with_suffix(".pdf").exists()]
    if not todo:
        log.info("nothing to render in %s", folder)
        return 0

    engine = Engine()
    try:
        engine.ensure_image(args.image)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unavailable at %s: %s", ENGINE_SOCKET, exc)
        return 1

    failed = 0
    for path in todo:
        md = path.with_suffix(".md")
        md.write_text(to_markdown(json.loads(path.read_text()), args.sender, args.account))
        started = time.monotonic()
        status = engine.run(args.image, [md.name, "-o", path.with_suffix(".pdf").name], str(folder))
        if status == 0:
            log.info("%s -> %s (%.1fs)", md.name, path.with_suffix(".pdf").name, time.monotonic() - started)
        else:
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
