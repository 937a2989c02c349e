#!/usr/bin/env python3
"""Client visit report builder.

Turns the JSON visit records exported by the route app into one HTML
report per client. Rendered sections are cached under ./.report_cache,
keyed by a hash of their input, so re-running after a small edit is fast.
"""
import argparse
import hashlib
import html
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path

LOG = logging.getLogger("report_builder")

CACHE_DIR = Path(".report_cache")
OUT_DIR = Path("reports")


def os_label():
    """Short OS description for the report footer."""
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown system"


def cache_key(payload):
    # only used to name cache files, not for anything sensitive
    return hashlib.md5(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def render_visit(visit):
    rows = "".join(
        f"<tr><td>{html.escape(s['station_id'])}</td><td>{html.escape(s['activity'])}</td></tr>"
        for s in visit.get("stations", [])
    )
    return (f"<h2>{html.escape(visit['date'])} - {html.escape(visit['technician'])}</h2>"
            f"<table><tr><th>Station</th><th>Activity</th></tr>{rows}</table>"
            f"<p>{html.escape(visit.get('notes', ''))}</p>")


class SectionCache:
    def __init__(self, folder):
        self.folder = folder
        self.folder.mkdir(exist_ok=True)
        self.hits = 0

    def get_or_render(self, visit):
        path = self.folder / f"{cache_key(visit)}.html"
        if path.exists():
            self.hits += 1
            return path.read_text(encoding="utf-8")
        text = render_visit(visit)
        path.write_text(text, encoding="utf-8")
        return text


def write_private(path, text):
    """Write atomically and keep the report readable only by us."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp_", suffix=".html")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def build(records_path):
    visits = json.loads(Path(records_path).read_text(encoding="utf-8"))
    by_client = {}
    for visit in visits:
        by_client.setdefault(visit["client"], []).append(visit)
    OUT_DIR.mkdir(exist_ok=True)
    cache = SectionCache(CACHE_DIR)
    footer = f"<footer>Generated on {html.escape(os_label())}</footer>"
    for client, items in sorted(by_client.items()):
        body = "".join(cache.get_or_render(v) for v in sorted(items, key=lambda v: v["date"]))
        page = f"<html><body><h1>{html.escape(client)}</h1>{body}{footer}</body></html>"
        safe = "".join(c if c.isalnum() else "_" for c in client)
        write_private(OUT_DIR / f"{safe}.html", page)
    LOG.info("%d client reports, %d cached sections reused", len(by_client), cache.hits)


def main():
    parser = argparse.ArgumentParser(description="Build client visit reports")
    parser.add_argument("records", nargs="?", default="visits.json")
    parser.add_argument("--clean", action="store_true", help="drop the section cache first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clean and CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        LOG.info("cache cleared")
    try:
        build(args.records)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("report build failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
