#!/usr/bin/env python3
"""Build printable allergen label sheets as a single HTML file.

Takes the flavour list (JSON), lays the labels out on an A4 grid, embeds the
parlour logo inline so the sheet works offline, and writes it atomically so a
half-written file never reaches the print room's shared folder.
"""
import argparse
import base64
import html
import json
import logging
import os
import platform
import shutil
import tempfile
from pathlib import Path

log = logging.getLogger("label-sheet")

BUILD_DIR = Path("build")
PER_ROW = 3

CSS = """
body { font-family: sans-serif; }
.grid { display: grid; grid-template-columns: repeat(%d, 1fr); gap: 4mm; }
.label { border: 1px solid #333; padding: 3mm; height: 38mm; }
.label img { height: 8mm; }
.allergens { font-weight: bold; }
footer { margin-top: 6mm; font-size: 7pt; color: #777; }
""" % PER_ROW


def logo_data_uri(path):
    if not path or not os.path.exists(path):
        return ""
    raw = Path(path).read_bytes()
    return "data:image/png;base64," + base64.b64encode(raw).decode("ascii")


def build_host_note():
    # helps the print room tell which machine made a sheet
    distro = platform.system()
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    distro = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return f"built on {platform.node()} ({distro})"


def label_html(item, logo):
    allergens = ", ".join(item.get("allergens", [])) or "none"
    img = f'<img src="{logo}" alt="logo">' if logo else ""
    return (f'<div class="label">{img}<h3>{html.escape(item["flavour"])}</h3>'
            f'<p class="allergens">Contains: {html.escape(allergens)}</p>'
            f'<p>{html.escape(item.get("note", ""))}</p></div>')


def render(items, logo):
    cells = "\n".join(label_html(i, logo) for i in items)
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>{CSS}</style>"
            f"</head><body><div class='grid'>{cells}</div>"
            f"<footer>{html.escape(build_host_note())}</footer></body></html>")


def write_atomic(text, dest: Path):
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=dest.parent, suffix=".tmp",
                                     delete=False, encoding="utf-8") as tmp:
        tmp.write(text)
        tmp_name = tmp.name
    os.chmod(tmp_name, 0o644)
    os.replace(tmp_name, dest)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("flavours", help="JSON list of {flavour, allergens, note}")
    ap.add_argument("--logo", default="logo.png")
    ap.add_argument("--out", default=str(BUILD_DIR / "labels.html"))
    ap.add_argument("--clean", action="store_true", help="remove ./build first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        log.info("removed old build folder")

    try:
        items = json.loads(Path(args.flavours).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read flavour list: %s", exc)
        return 1
    items = [i for i in items if i.get("flavour")]
    write_atomic(render(items, logo_data_uri(args.logo)), Path(args.out))
    log.info("%d labels written to %s", len(items), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
