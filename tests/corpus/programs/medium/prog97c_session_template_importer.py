#!/usr/bin/env python3
"""Create new recording session folders from studio templates.

Templates are YAML files in ./templates (or --templates DIR) describing the
track layout, buses, insert chains and tempo for a session type (drum
tracking, vocal overdubs, rehearsal live-room capture...).  Older templates
exported by the v1 booking tool use short keys; they are converted on load.

    session_template_importer.py drums-4mic --band "The Larks" --date 2024-05-11
"""

import argparse
import datetime as dt
import json
import logging
import math
import re
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("templates")

_TRACK_KEYS = {"trk": "tracks", "bus": "buses", "fx": "inserts", "tmp": "tempo"}


def convert_legacy(doc):
    out = {_TRACK_KEYS.get(k, k): v for k, v in doc.items()}
    for track in out.get("tracks", []):
        if not isinstance(track, dict):
            continue
        if "nm" in track:
            track["name"] = re.sub(r"[^\w \-]", "", str(track.pop("nm")))
        if "vol" in track:
            try:
                track["gain_db"] = round(20.0 * math.log10(max(float(track.pop("vol")), 1e-6)), 2)
            except (TypeError, ValueError):
                track["gain_db"] = 0.0
    out.setdefault("schema", 3)
    return out


class TemplateStore:
    """Finds and loads session templates, upgrading old ones."""

    suffixes = (".yaml", ".yml")

    def __init__(self, root):
        self.root = Path(root)

    def names(self):
        return sorted(p.stem for p in self.root.iterdir() if p.suffix in self.suffixes)

    def _path(self, name):
        for suffix in self.suffixes:
            path = self.root / f"{name}{suffix}"
            if path.is_file():
                return path
        raise FileNotFoundError(f"no template {name!r} in {self.root}")

    def load(self, name):
        with self._path(name).open(encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=yaml.Loader) or {}
        if doc.get("schema", 1) < 3:
            LOG.info("upgrading v1 template %s", name)
            doc = convert_legacy(doc)
        return doc


def slugify(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "session"


def build_session(template, band, date, dest_root):
    folder = Path(dest_root) / f"{date}_{slugify(band)}"
    if folder.exists():
        raise FileExistsError(f"{folder} already exists")
    (folder / "audio").mkdir(parents=True)
    (folder / "bounces").mkdir()
    (folder / "notes").mkdir()
    tracks = template.get("tracks", [])
    for idx, track in enumerate(tracks, 1):
        name = track.get("name", f"Track {idx}")
        (folder / "audio" / f"{idx:02d}_{slugify(name)}").mkdir()
    manifest = {
        "band": band,
        "date": date,
        "created": dt.datetime.now().isoformat(timespec="seconds"),
        "tempo": template.get("tempo", 120),
        "tracks": tracks,
        "buses": template.get("buses", []),
        "inserts": template.get("inserts", {}),
    }
    (folder / "session.json").write_text(json.dumps(manifest, indent=2, default=str),
                                         encoding="utf-8")
    return folder, len(tracks)


def main(argv=None):
    ap = argparse.ArgumentParser(description="create a session folder from a template")
    ap.add_argument("template", nargs="?", help="template name (omit with --list)")
    ap.add_argument("--band", default="untitled")
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--dest", default="sessions")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    store = TemplateStore(args.templates)

    if args.list or not args.template:
        for name in store.names():
            print(name)
        return 0

    try:
        template = store.load(args.template)
        folder, n = build_session(template, args.band, args.date, args.dest)
    except (FileNotFoundError, FileExistsError, yaml.YAMLError) as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("created %s with %d tracks", folder, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
