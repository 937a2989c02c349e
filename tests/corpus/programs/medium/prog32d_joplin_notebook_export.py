#!/usr/bin/env python3
"""Export a Joplin notebook to Markdown files and (optionally) a single PDF.

Talks to the Joplin desktop app's local Data API (Web Clipper service on
127.0.0.1:41184) with the token from JOPLIN_TOKEN, and calls pandoc to
produce the PDF.  Output goes to ./joplin-export/.
"""
import argparse
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import requests

API = "http://127.0.0.1:41184"
log = logging.getLogger("joplin-export")


class JoplinAPI:
    def __init__(self, token, base=API):
        self.base = base
        self.token = token

    def _get(self, path, **params):
        params["token"] = self.token
        resp = requests.get(f"{self.base}{path}", params=params, timeout=15)
        resp.raise_for_status()
        return resp.json()

    def paged(self, path, fields):
        page = 1
        while True:
            data = self._get(path, fields=fields, page=page, limit=100)
            yield from data.get("items", [])
            if not data.get("has_more"):
                break
            page += 1

    def find_folder(self, title):
        for folder in self.paged("/folders", "id,title,parent_id"):
            if folder["title"].casefold() == title.casefold():
                return folder["id"]
        raise LookupError(f"notebook {title!r} not found")

    def notes_in(self, folder_id):
        return self.paged(f"/folders/{folder_id}/notes", "id,title,body,updated_time")


def slugify(title):
    s = re.sub(r"[^\w\s-]", "", title).strip().lower()
    return re.sub(r"[\s_-]+", "-", s) or "untitled"


def write_markdown(notes, outdir):
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for note in sorted(notes, key=lambda n: n["title"].lower()):
        path = outdir / f"{slugify(note['title'])}.md"
        path.write_text(f"# {note['title']}\n\n{note['body']}\n", encoding="utf-8")
        written.append(path)
    return written


def build_pdf(files, pdf_path, engine):
    pandoc = shutil.which("pandoc")
    if not pandoc:
        raise RuntimeError("pandoc not found in PATH")
    cmd = [pandoc, "--from=markdown", "--toc", f"--pdf-engine={engine}",
           "-V", "geometry:margin=2cm", "-o", str(pdf_path)] + [str(f) for f in files]
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "pandoc failed")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("notebook", help="notebook title")
    ap.add_argument("-o", "--outdir", default="joplin-export")
    ap.add_argument("--pdf", action="store_true", help="also build a combined PDF")
    ap.add_argument("--engine", default="xelatex", choices=["xelatex", "lualatex", "wkhtmltopdf"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("JOPLIN_TOKEN")
    if not token:
        log.error("JOPLIN_TOKEN is not set (Options > Web Clipper > Advanced)")
        return 2

    api = JoplinAPI(token)
    try:
        folder_id = api.find_folder(args.notebook)
        notes = list(api.notes_in(folder_id))
    except (requests.RequestException, LookupError) as exc:
        log.error("%s", exc)
        return 1

    outdir = Path(args.outdir) / slugify(args.notebook)
    files = write_markdown(notes, outdir)
    log.info("exported %d note(s) to %s", len(files), outdir)

    if args.pdf and files:
        pdf_path = Path(args.outdir) / f"{slugify(args.notebook)}.pdf"
        try:
            build_pdf(files, pdf_path, args.engine)
            log.info("PDF written to %s", pdf_path)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("PDF build failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
