#!/usr/bin/env python3
"""Build the export paperwork PDFs for a wine / olive oil shipment.

Takes the shipment JSON exported from the cellar system (consignee,
containers, lots, analysis figures) and fills the HTML templates for
the commercial invoice, packing list and certificate of origin, then
renders each one to PDF with wkhtmltopdf. The renderer runs in its
pinned container image so every office PC produces identical output.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from datetime import date
from pathlib import Path
from string import Template

LOG = logging.getLogger("export-docs")

TEMPLATES = {
    "invoice": "templates/commercial_invoice.html",
    "packing": "templates/packing_list.html",
    "origin": "templates/certificate_of_origin.html",
}
RENDER_IMAGE = os.environ.get("RENDER_IMAGE", "surnet/alpine-wkhtmltopdf:3.19.0-0.12.6-full")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class PdfRenderer:
    """Runs wkhtmltopdf in a throw-away container through the engine API."""

    engine = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")

    def _api(self, method, path, body=None):
        conn = UnixHTTPConnection(self.engine)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, "/v1.43" + path, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else {}
        finally:
            conn.close()

    def render(self, html_path, pdf_path):
        workdir = str(html_path.parent.resolve())
        spec = {
            "Image": RENDER_IMAGE,
            "Entrypoint": ["wkhtmltopdf"],
            "Cmd": ["--quiet", "--page-size", "A4", "--enable-local-file-access",
                    f"/work/{html_path.name}", f"/work/{pdf_path.name}"],
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": [f"{workdir}:/work"], "NetworkMode": "none"},
        }
        cid = self._api("POST", "/containers/create", spec)["Id"]
        try:
            self._api("POST", f"/containers/{cid}/start")
            status = self._api("POST", f"/containers/{cid}/wait").get("StatusCode", 1)
            if status != 0:
                raise RuntimeError(f"wkhtmltopdf exited with {status}")
        finally:
            self._api("DELETE", f"/containers/{cid}?force=true")


def fmt_money(value, currency):
    return f"{currency} {value:,.2f}"


def build_context(ship):
    lines, total, litres = [], 0.0, 0.0
    for lot in ship["lots"]:
        amount = lot["cases"] * lot["price_per_case"]
        total += amount
        litres += lot["cases"] * lot["bottles_per_case"] * lot["bottle_l"]
        lines.append(f"<tr><td>{lot['lot']}</td><td>{lot['description']}</td>"
                     f"<td>{lot['hs_code']}</td><td>{lot['cases']}</td>"
                     f"<td>{fmt_money(amount, ship['currency'])}</td></tr>")
    return {
        "shipment": ship["reference"],
        "consignee": ship["consignee"]["name"],
        "consignee_address": "<br>".join(ship["consignee"]["address"]),
        "incoterm": ship.get("incoterm", "FCA"),
        "rows": "\n".join(lines),
        "total": fmt_money(total, ship["currency"]),
        "litres": f"{litres:,.1f}",
        "containers": ", ".join(ship.get("containers", [])),
        "issued": date.today().isoformat(),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shipment", type=Path, help="shipment JSON from the cellar system")
    ap.add_argument("-o", "--outdir", type=Path, default=Path("out"))
    ap.add_argument("-d", "--docs", nargs="*", choices=sorted(TEMPLATES), default=sorted(TEMPLATES))
    ap.add_argument("--html-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ship = json.loads(args.shipment.read_text())
    ctx = build_context(ship)
    args.outdir.mkdir(parents=True, exist_ok=True)
    renderer = PdfRenderer()
    failed = 0
    for doc in args.docs:
        html = Template(Path(TEMPLATES[doc]).read_text()).safe_substitute(ctx)
        html_path = args.outdir / f"{ship['reference']}_{doc}.html"
        html_path.write_text(html, encoding="utf-8")
        if args.html_only:
            continue
        pdf_path = html_path.with_suffix(".pdf")
        try:
            renderer.render(html_path, pdf_path)
            LOG.info("wrote %s", pdf_path)
        except (OSError, RuntimeError) as exc:
            LOG.error("%s: %s", doc, exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
