#!/usr/bin/env python3
"""Render electrical inspection (EICR-style) reports to PDF.

Takes the inspection JSON captured on the tablet (installation details,
circuit schedule, observations with C1/C2/C3/FI codes) and renders it
through templates/eicr.html.j2 to HTML, then to PDF with the pinned
wkhtmltopdf image so every office produces identical output regardless of
what is installed locally.  Output goes to ./pdf/.

Usage: report_pdf_container.py inspection1.json [inspection2.json ...]
"""

import argparse
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

log = logging.getLogger("pdf_render")

CODE_ORDER = {"C1": 0, "C2": 1, "FI": 2, "C3": 3}
RENDER_IMAGE = os.environ.get("PDF_RENDER_IMAGE", "surnet/alpine-wkhtmltopdf:3.19.0-0.12.6-full")
ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
WKHTML_OPTS = ["--quiet", "--page-size", "A4", "--margin-top", "12mm",
               "--margin-bottom", "14mm", "--footer-center", "Page [page] of [topage]",
               "--footer-font-size", "7", "--enable-local-file-access"]


def build_env(template_dir):
    env = Environment(loader=FileSystemLoader(template_dir),
                      autoescape=select_autoescape(["html", "j2"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["ukdate"] = lambda s: dt.date.fromisoformat(s).strftime("%d/%m/%Y") if s else ""
    return env


def overall_outcome(observations):
    codes = {o.get("code") for o in observations}
    if codes & {"C1", "C2", "FI"}:
        return "UNSATISFACTORY"
    return "SATISFACTORY"


def prepare(data):
    obs = sorted(data.get("observations", []), key=lambda o: CODE_ORDER.get(o.get("code"), 9))
    data["observations"] = obs
    data["outcome"] = overall_outcome(obs)
    data["generated"] = dt.datetime.now().strftime("%d/%m/%Y %H:%M")
    data.setdefault("circuits", [])
    return data


def render_html(env, data, out_dir):
    html = env.get_template("eicr.html.j2").render(**data)
    ref = data.get("report_ref") or data["installation"]["site_id"]
    html_path = out_dir / f"{ref}.html"
    html_path.write_text(html, encoding="utf-8")
    return ref, html_path


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


class PdfEngine:
    """Runs wkhtmltopdf in a throwaway container through the local engine API."""

    def __init__(self, sock_path=ENGINE_SOCKET, image=RENDER_IMAGE, timeout=180):
        if not os.path.exists(sock_path):
            raise RuntimeError(f"container engine socket not found at {sock_path}")
        self.sock_path = sock_path
        self.image = image
        self.timeout = timeout

    def _call(self, method, path, body=None):
        conn = _UnixConnection(self.sock_path, self.timeout)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        payload = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {payload[:200]!r}")
        return json.loads(payload) if payload else {}

    def convert(self, html_path, pdf_path):
        work = str(html_path.parent.resolve())
        spec = {
            "Image": self.image,
            "Cmd": [*WKHTML_OPTS, f"/work/{html_path.name}", f"/work/{pdf_path.name}"],
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": [f"{work}:/work"], "NetworkMode": "none"},
        }
        cid = self._call("POST", "/v1.43/containers/create", spec)["Id"]
        try:
            self._call("POST", f"/v1.43/containers/{cid}/start")
            status = self._call("POST", f"/v1.43/containers/{cid}/wait").get("StatusCode", 1)
        finally:
            self._call("DELETE", f"/v1.43/containers/{cid}?force=true")
        if status not in (0, 1) or not pdf_path.exists():
            raise RuntimeError(f"render container exited {status}")
        return pdf_path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--out-dir", type=Path, default=Path("pdf"))
    ap.add_argument("--keep-html", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.out_dir.mkdir(parents=True, exist_ok=True)
    env = build_env(args.templates)
    try:
        engine = PdfEngine()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2

    failed = 0
    for src in args.inputs:
        try:
            data = prepare(json.loads(src.read_text(encoding="utf-8")))
            ref, html_path = render_html(env, data, args.out_dir)
            pdf = engine.convert(html_path, args.out_dir / f"{ref}.pdf")
            log.info("%s -> %s (%s)", src.name, pdf, data["outcome"])
            if not args.keep_html:
                html_path.unlink()
        except (OSError, ValueError, KeyError, RuntimeError) as exc:
            failed += 1
            log.error("%s: %s", src, exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
