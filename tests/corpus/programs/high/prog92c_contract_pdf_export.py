#!/usr/bin/env python3
"""Export hire contracts as PDF for customer signature.

Renders each booking to HTML from the depot template, then converts it to
PDF with headless LibreOffice in a throwaway container so the office PCs do
not need an office suite installed.
"""
import argparse
import html
import http.client
import json
import logging
import socket
import string
import sys
import time
from pathlib import Path

log = logging.getLogger("contractpdf")

TEMPLATE = string.Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>Hire contract $contract_no</title>
<style>body{font-family:sans-serif} td{padding:2px 8px} .r{text-align:right}</style>
</head><body>
<h1>Hire contract $contract_no</h1>
<p>Customer: $customer<br>Site: $site<br>On hire $on_hire &ndash; off hire $off_hire</p>
<table>$rows</table>
<p class="r">Total (ex VAT): &pound;$total</p>
<p>Signed for the hirer: ____________________</p>
</body></html>
""")


def render_html(booking):
    rows, total = [], 0.0
    for item in booking["items"]:
        total += float(item["cost"])
        rows.append("<tr><td>{}</td><td>{}</td><td class=r>{:.2f}</td></tr>".format(
            html.escape(item["fleet_no"]), html.escape(item["description"]),
            float(item["cost"])))
    fields = {k: html.escape(str(booking[k]))
              for k in ("contract_no", "customer", "site", "on_hire", "off_hire")}
    return TEMPLATE.substitute(fields, rows="\n".join(rows), total=f"{total:.2f}")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Converter:
    engine = "/var/run/docker.sock"
    image = "linuxserver/libreoffice:latest"

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.engine)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, payload, {"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def convert(self, workdir, names):
        spec = {
            "Image": self.image,
            "Cmd": ["soffice", "--headless", "--convert-to", "pdf",
                    "--outdir", "/work"] + [f"/work/{n}" for n in names],
            "HostConfig": {"Binds": [f"{workdir.resolve()}:/work"],
                           "AutoRemove": False, "NetworkMode": "none"},
        }
        cid = self._call("POST", "/containers/create", spec)["Id"]
        try:
            self._call("POST", f"/containers/{cid}/start")
            result = self._call("POST", f"/containers/{cid}/wait")
            if result.get("StatusCode", 1) != 0:
                raise RuntimeError(f"conversion exited {result.get('StatusCode')}")
        finally:
            self._call("DELETE", f"/containers/{cid}?force=1")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bookings", nargs="+", type=Path)
    ap.add_argument("-o", "--out-dir", type=Path, default=Path("contracts"))
    ap.add_argument("--html-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.out_dir.mkdir(exist_ok=True)
    written = []
    for path in args.bookings:
        try:
            booking = json.loads(path.read_text())
            out = args.out_dir / f"{booking['contract_no']}.html"
            out.write_text(render_html(booking), encoding="utf-8")
            written.append(out.name)
            log.info("rendered %s", out)
        except (OSError, KeyError, ValueError) as exc:
            log.error("%s: %s", path, exc)

    if written and not args.html_only:
        start = time.monotonic()
        try:
            Converter().convert(args.out_dir, written)
        except (OSError, RuntimeError) as exc:
            log.error("PDF conversion failed: %s", exc)
            return 1
        log.info("converted %d contracts in %.1fs", len(written),
                 time.monotonic() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
