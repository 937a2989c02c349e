#!/usr/bin/env python3
"""Build a self-contained HTML restoration report for a church window.

Photos are embedded as base64 data URIs so the parish can open the report
without the photo folder. Output is written atomically and kept private
until we've reviewed it.
"""
import argparse
import base64
import html
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path

log = logging.getLogger("reportbuilder")

BUILD_DIR = Path("build")
MIME = {".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png"}

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:serif;max-width:52em;margin:auto}} img{{max-width:100%}}</style>
</head><body>
<h1>{title}</h1>
<p>{site} &middot; surveyed {date} by {surveyor}</p>
{sections}
</body></html>
"""


def data_uri(path):
    mime = MIME.get(path.suffix.lower(), "application/octet-stream")
    encoded = base64.b64encode(path.read_bytes()).decode("ascii")
    return "data:%s;base64,%s" % (mime, encoded)


def render_panel(panel, photo_dir):
    parts = ["<section><h2>Panel %s</h2>" % html.escape(str(panel.get("id", "?")))]
    parts.append("<p><b>Condition:</b> %s</p>" % html.escape(panel.get("condition", "")))
    parts.append("<p>%s</p>" % html.escape(panel.get("notes", "")))
    for name in panel.get("photos", []):
        p = photo_dir / name
        if p.exists():
            parts.append('<img alt="%s" src="%s">' % (html.escape(name), data_uri(p)))
        else:
            log.warning("missing photo %s", p)
    parts.append("</section>")
    return "\n".join(parts)


def write_private(path, text):
    """Write via a temp file in the same directory, then rename into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".report-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def build(survey_path, photo_dir, out_path):
    survey = json.loads(Path(survey_path).read_text())
    sections = "\n".join(render_panel(p, photo_dir) for p in survey.get("panels", []))
    page = PAGE.format(
        title=html.escape(survey.get("title", "Restoration report")),
        site=html.escape(survey.get("site", "")),
        date=html.escape(survey.get("date", "")),
        surveyor=html.escape(survey.get("surveyor", "")),
        sections=sections,
    )
    write_private(out_path, page)
    log.info("wrote %s (%d panels)", out_path, len(survey.get("panels", [])))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("survey", help="survey JSON file")
    ap.add_argument("--photos", default="photos")
    ap.add_argument("--out", default=str(BUILD_DIR / "report.html"))
    ap.add_argument("--clean", action="store_true", help="remove the build folder first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        log.info("cleaned %s", BUILD_DIR)
    try:
        build(args.survey, Path(args.photos), Path(args.out))
    except (OSError, ValueError) as exc:
        log.error("could not build report: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
