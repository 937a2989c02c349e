#!/usr/bin/env python3
"""Render electrical inspection (EICR-style) reports to PDF.

Takes the inspection JSON captured on the tablet (installation details,
circuit schedule, observations with C1/C2/C3/FI codes) and renders it
through templates/eicr.html.j2 to HTML, then to PDF with wkhtmltopdf so the
layout matches what clients already receive.  Output goes to ./pdf/.

Usage: report_pdf_render.py inspection1.json [inspection2.json ...]
"""

import argparse
import datetime as dt
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

log = logging.getLogger("pdf_render")

CODE_ORDER = {"C1": 0, "C2": 1, "FI": 2, "C3": 3}
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


class PdfEngine:
    """Wraps the local wkhtmltopdf binary."""

    def __init__(self, binary="wkhtmltopdf", timeout=120):
        self.binary = shutil.which(binary)
        if not self.binary:
            raise RuntimeError(f"{binary} not found on PATH")
        self.timeout = timeout

    def convert(self, html_path, pdf_path):
        cmd = [self.binary, *WKHTML_OPTS, str(html_path), str(pdf_path)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
        if proc.returncode not in (0, 1) or not pdf_path.exists():  # 1 = warnings only
            raise RuntimeError(proc.stderr.strip() or f"exit {proc.returncode}")
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
        except (OSError, ValueError, KeyError, RuntimeError, subprocess.TimeoutExpired) as exc:
            failed += 1
            log.error("%s: %s", src, exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
