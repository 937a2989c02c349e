#!/usr/bin/env python3
"""Redact PII from review notes and render the privilege log as HTML.

Input is a JSON-lines export from the review platform (one entry per
withheld document).  Social-security numbers, phone numbers and personal
e-mail addresses are masked before the log is rendered with the firm's
Jinja2 template into ./out/privilege_log.html.
"""
import argparse
import json
import logging
import re
import sys
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("privlog")

PATTERNS = [
    ("SSN", re.compile(r"\b\d{3}-\d{2}-\d{4}\b")),
    ("PHONE", re.compile(r"\(?\b\d{3}\)?[-. ]\d{3}[-. ]\d{4}\b")),
    ("EMAIL", re.compile(r"\b[\w.+-]+@(gmail|yahoo|hotmail|outlook)\.com\b", re.I)),
]

DEFAULT_TEMPLATE = """<html><head><title>Privilege Log - {{ matter }}</title></head>
<body><h1>Privilege Log: {{ matter }}</h1>
<table border="1">
<tr><th>Bates</th><th>Date</th><th>Author</th><th>Basis</th><th>Description</th></tr>
{% for e in entries %}<tr><td>{{ e.bates }}</td><td>{{ e.date }}</td><td>{{ e.author }}</td>
<td>{{ e.basis }}</td><td>{{ e.description }}</td></tr>
{% endfor %}</table><p>{{ entries|length }} documents withheld.</p></body></html>
"""


def redact(text: str, counts: dict) -> str:
    for label, rx in PATTERNS:
        text, n = rx.subn(f"[REDACTED-{label}]", text)
        counts[label] = counts.get(label, 0) + n
    return text


def load_entries(path: Path, counts: dict) -> list:
    entries = []
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                log.warning("line %d is not JSON, skipped", lineno)
                continue
            rec["description"] = redact(rec.get("description", ""), counts)
            rec["author"] = redact(rec.get("author", ""), counts)
            entries.append(rec)
    entries.sort(key=lambda r: r.get("bates", ""))
    return entries


def build_env(template_dir: Path) -> Environment:
    # Descriptions contain em-dashes and section symbols that the review
    # team wants shown verbatim, so templates are rendered unescaped.
    return Environment(loader=FileSystemLoader(str(template_dir)), autoescape=False)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("export", type=Path)
    ap.add_argument("--matter", required=True)
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("--out", type=Path, default=Path("out/privilege_log.html"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    counts = {}
    entries = load_entries(args.export, counts)
    env = build_env(args.templates)
    tpl_file = args.templates / "privilege_log.html.j2"
    template = (env.get_template(tpl_file.name) if tpl_file.exists()
                else env.from_string(DEFAULT_TEMPLATE))
    html = template.render(matter=args.matter, entries=entries)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(html, encoding="utf-8")
    log.info("rendered %d entries to %s; redactions: %s", len(entries), args.out, counts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
