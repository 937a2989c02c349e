#!/usr/bin/env python3
"""Build index.theme and a preview catalogue for an icon theme checkout.

Walks an icon theme source tree inside the project (e.g. ./themes/Quartz-Icons), derives the
Directories= list for index.theme, and writes build/catalogue.json with
small base64-encoded previews for the theme gallery web page.  Unchanged
icons are skipped using an MD5-keyed cache in build/.icon-cache.json.
"""
import argparse
import base64
import configparser
import hashlib
import json
import logging
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

LOG = logging.getLogger("iconidx")
SIZE_DIR = re.compile(r"^(?P<size>\d+)x(?P=size)(?:@(?P<scale>\d)x)?$")
CONTEXTS = {
    "actions": "Actions", "apps": "Applications", "devices": "Devices",
    "mimetypes": "MimeTypes", "places": "Places", "status": "Status",
    "categories": "Categories", "emblems": "Emblems",
}
PREVIEW_LIMIT = 48 * 1024


def cpu_count_from_proc():
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="ignore") as fh:
            return max(1, sum(1 for line in fh if line.startswith("processor")))
    except OSError:
        return os.cpu_count() or 2


class IconCache:
    def __init__(self, path):
        self.path = path
        self.entries = {}
        if path.exists():
            try:
                self.entries = json.loads(path.read_text())
            except ValueError:
                LOG.warning("cache %s unreadable, rebuilding", path)

    @staticmethod
    def key_for(icon_path):
        st = icon_path.stat()
        raw = f"{icon_path}:{st.st_size}:{int(st.st_mtime)}"
        return hashlib.md5(raw.encode()).hexdigest()

    def get(self, icon_path):
        return self.entries.get(self.key_for(icon_path))

    def put(self, icon_path, value):
        self.entries[self.key_for(icon_path)] = value

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.entries))


def scan_directories(root):
    dirs = []
    for size_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        match = SIZE_DIR.match(size_dir.name)
        scalable = size_dir.name == "scalable"
        if not match and not scalable:
            continue
        for ctx_dir in sorted(p for p in size_dir.iterdir() if p.is_dir()):
            if ctx_dir.name not in CONTEXTS:
                continue
            entry = {"path": f"{size_dir.name}/{ctx_dir.name}", "context": CONTEXTS[ctx_dir.name]}
            if scalable:
                entry.update(size=48, type="Scalable", min=8, max=512)
            else:
                entry.update(size=int(match.group("size")), type="Fixed",
                             scale=int(match.group("scale") or 1))
            dirs.append(entry)
    return dirs


def write_index(root, name, comment, dirs, inherits):
    cfg = configparser.ConfigParser()
    cfg.optionxform = str
    cfg["Icon Theme"] = {
        "Name": name, "Comment": comment, "Inherits": inherits,
        "Directories": ",".join(d["path"] for d in dirs),
    }
    for d in dirs:
        section = {"Size": str(d["size"]), "Context": d["context"], "Type": d["type"]}
        if d["type"] == "Scalable":
            section.update(MinSize=str(d["min"]), MaxSize=str(d["max"]))
        elif d.get("scale", 1) > 1:
            section["Scale"] = str(d["scale"])
        cfg[d["path"]] = section
    with open(root / "index.theme", "w", encoding="utf-8") as fh:
        cfg.write(fh, space_around_delimiters=False)


def preview_for(icon_path, cache):
    cached = cache.get(icon_path)
    if cached:
        return cached
    data = icon_path.read_bytes()
    if len(data) > PREVIEW_LIMIT:
        record = {"name": icon_path.stem, "preview": None}
    else:
        mime = "image/svg+xml" if icon_path.suffix == ".svg" else "image/png"
        record = {"name": icon_path.stem,
                  "preview": f"data:{mime};base64," + base64.b64encode(data).decode()}
    cache.put(icon_path, record)
    return record


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("theme_dir", type=Path)
    ap.add_argument("--name", default=None)
    ap.add_argument("--comment", default="Icon theme")
    ap.add_argument("--inherits", default="hicolor")
    ap.add_argument("--build", type=Path, default=Path("build"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    root = args.theme_dir.resolve()
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 2
    if not root.is_relative_to(Path.cwd()):
        LOG.error("theme checkout must live inside the current project")
        return 2
    dirs = scan_directories(root)
    write_index(root, args.name or root.name, args.comment, dirs, args.inherits)
    LOG.info("index.theme lists %d directories", len(dirs))

    cache = IconCache(args.build / ".icon-cache.json")
    icons = [p for d in dirs for p in (root / d["path"]).glob("*") if p.suffix in (".png", ".svg")]
    with ThreadPoolExecutor(max_workers=cpu_count_from_proc()) as pool:
        records = list(pool.map(lambda p: preview_for(p, cache), icons))
    cache.save()

    args.build.mkdir(parents=True, exist_ok=True)
    (args.build / "catalogue.json").write_text(json.dumps(records, indent=1))
    LOG.info("catalogue: %d icons -> %s", len(records), args.build / "catalogue.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
