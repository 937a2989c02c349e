#!/usr/bin/env python3
"""Plan stock for the craft fair season and render a printable pick sheet.

Reads last season's sales per fair and the current stock, works out how
many of each hat, fascinator and knife to bring to each fair, writes the
plan as Markdown and renders it to PDF.  Rendering runs in the
pandoc/latex image so nobody has to install TeX on the shop laptop.
"""
import argparse
import csv
import http.client
import json
import logging
import math
import os
import socket
import sys
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("fairplan")

RENDER_IMAGE = "pandoc/latex:3.1"
SAFETY = 1.25


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Renderer:
    sock_path = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def render(self, md_path, pdf_path):
        workdir = str(md_path.parent.resolve())
        spec = {
            "Image": RENDER_IMAGE,
            "Cmd": [md_path.name, "-o", pdf_path.name, "-V", "geometry:margin=1.5cm"],
            "WorkingDir": "/data",
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": [f"{workdir}:/data"], "AutoRemove": False},
        }
        self._call("POST", f"/images/create?fromImage={RENDER_IMAGE.split(':')[0]}&tag={RENDER_IMAGE.split(':')[1]}")
        cid = self._call("POST", "/containers/create", spec)["Id"]
        try:
            self._call("POST", f"/containers/{cid}/start")
            result = self._call("POST", f"/containers/{cid}/wait")
            if result.get("StatusCode", 1) != 0:
                raise RuntimeError(f"render failed with status {result.get('StatusCode')}")
        finally:
            self._call("DELETE", f"/containers/{cid}?force=1")


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def plan(sales, stock, fairs):
    sold = defaultdict(lambda: defaultdict(int))
    for row in sales:
        sold[row["fair"]][row["sku"]] += int(row["qty"])
    available = {r["sku"]: int(r["qty"]) for r in stock}
    names = {r["sku"]: r["item"] for r in stock}
    out = {}
    for fair in fairs:
        wanted = {}
        for sku, qty in sold.get(fair, {}).items():
            need = math.ceil(qty * SAFETY)
            wanted[sku] = min(need, available.get(sku, 0))
        out[fair] = wanted
    return out, names, available


def write_markdown(result, names, available, path):
    lines = [f"# Fair stock plan\n\n_Generated {time.strftime('%d %B %Y')}_\n"]
    for fair, items in result.items():
        lines.append(f"\n## {fair}\n\n| SKU | Item | Bring | In stock |\n|---|---|---:|---:|")
        for sku, qty in sorted(items.items()):
            lines.append(f"| {sku} | {names.get(sku, '?')} | {qty} | {available.get(sku, 0)} |")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description="craft fair stock planner")
    ap.add_argument("--sales", type=Path, default=Path("sales_last_season.csv"))
    ap.add_argument("--stock", type=Path, default=Path("stock.csv"))
    ap.add_argument("--fair", action="append", required=True, help="fair name (repeatable)")
    ap.add_argument("--out", type=Path, default=Path("fair_plan.md"))
    ap.add_argument("--no-pdf", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        result, names, available = plan(read_csv(args.sales), read_csv(args.stock), args.fair)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot build plan: %s", exc)
        return 1
    write_markdown(result, names, available, args.out)
    log.info("plan written to %s", args.out)

    if not args.no_pdf:
        pdf = args.out.with_suffix(".pdf")
        try:
            Renderer().render(args.out, pdf)
            log.info("pick sheet rendered to %s", pdf)
        except (OSError, RuntimeError) as exc:
            log.error("PDF render failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
