#!/usr/bin/env python3
"""Build printable home-exercise sheets for physio patients.

Takes a prescription file written by the practitioner (YAML: patient first
name, list of exercise ids with sets/reps/hold and free-text cues), looks the
exercises up in the local exercise library and renders an A4 PDF per
patient using the clinic's HTML template and wkhtmltopdf.

The sheets use the clinic's brand typefaces (assets/fonts/*.ttf); these are
registered with fontconfig before rendering so wkhtmltopdf picks them up.

    prog107b_exercise_sheet_render_setup.py prescriptions/*.yaml -o sheets/
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("exsheet")

HERE = Path(__file__).resolve().parent
TEMPLATE_DIR = HERE / "templates"
ASSET_DIR = HERE / "assets"
LIBRARY = Path("data/exlib/exercises.json")
WKHTMLTOPDF = "wkhtmltopdf"
FONT_SRC = ASSET_DIR / "fonts"
FONT_DEST = Path("/usr/local/share/fonts/clinic-brand")


class ExerciseLibrary:
    def __init__(self, path):
        with open(path, encoding="utf-8") as fh:
            items = json.load(fh)
        self.by_id = {item["exercise_id"]: item for item in items}
        log.debug("loaded %d exercises", len(self.by_id))

    def resolve(self, entry):
        base = self.by_id.get(entry["id"])
        if base is None:
            raise KeyError(f"unknown exercise id {entry['id']}")
        merged = dict(base)
        merged.update({
            "sets": entry.get("sets", base.get("default_sets", 3)),
            "reps": entry.get("reps", base.get("default_reps", 10)),
            "hold": entry.get("hold"),
            "cue": entry.get("cue", ""),
            "image": str(ASSET_DIR / base.get("image", "placeholder.png")),
        })
        return merged


def register_brand_fonts(src=FONT_SRC, dest=FONT_DEST):
    """Copy the brand fonts into the system font path and refresh the cache."""
    fonts = sorted(src.glob("*.ttf")) + sorted(src.glob("*.otf"))
    if not fonts:
        log.debug("no brand fonts bundled")
        return 0
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for f in fonts:
        target = dest / f.name
        if target.exists() and target.stat().st_size == f.stat().st_size:
            continue
        shutil.copy2(f, target)
        target.chmod(0o644)
        copied += 1
    if copied:
        subprocess.run(["fc-cache", "-f", str(dest)], check=False, capture_output=True)
        log.info("registered %d brand font(s) in %s", copied, dest)
    return copied


def make_env():
    # the cue text may carry <b>/<br> formatting typed by the practitioner
    env = Environment(loader=FileSystemLoader(str(TEMPLATE_DIR)), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["reps"] = lambda e: f"{e['sets']} x {e['reps']}" + (f", hold {e['hold']}s" if e.get("hold") else "")
    return env


def load_prescription(path):
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    for key in ("patient", "practitioner", "exercises"):
        if key not in data:
            raise ValueError(f"{path}: missing '{key}'")
    return data


def html_to_pdf(html_path, pdf_path, extra_args=()):
    cmd = [WKHTMLTOPDF, "--quiet", "--enable-local-file-access", "--page-size", "A4",
           "--margin-top", "12mm", "--margin-bottom", "12mm", *extra_args,
           str(html_path), str(pdf_path)]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if res.returncode not in (0, 1):  # 1 = warnings about missing images
        raise RuntimeError(res.stderr.strip() or f"wkhtmltopdf exit {res.returncode}")


def iter_sheets(paths, library):
    for p in paths:
        try:
            rx = load_prescription(p)
            rx["exercises"] = [library.resolve(e) for e in rx["exercises"]]
            yield Path(p).stem, rx
        except (ValueError, KeyError, yaml.YAMLError) as exc:
            log.error("skipping %s: %s", p, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="render home-exercise PDF sheets")
    ap.add_argument("prescriptions", nargs="+")
    ap.add_argument("-o", "--outdir", default="sheets")
    ap.add_argument("-t", "--template", default="sheet.html.j2")
    ap.add_argument("--clinic", default="Harbour Physio & Acupuncture")
    ap.add_argument("--keep-html", action="store_true")
    ap.add_argument("--skip-fonts", action="store_true", help="do not register brand fonts")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        library = ExerciseLibrary(LIBRARY)
    except FileNotFoundError:
        log.error("exercise library missing at %s; run the library sync first", LIBRARY)
        return 2

    if not args.skip_fonts:
        try:
            register_brand_fonts()
        except PermissionError as exc:
            log.warning("brand fonts not registered (%s); falling back to defaults", exc)

    env = make_env()
    template = env.get_template(args.template)
    outdir = Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    made = 0
    for stem, rx in iter_sheets(args.prescriptions, library):
        html_path = outdir / f"{stem}.html"
        pdf_path = outdir / f"{stem}.pdf"
        html_path.write_text(template.render(clinic=args.clinic, **rx), encoding="utf-8")
        try:
            html_to_pdf(html_path, pdf_path)
            made += 1
            log.info("%s -> %s", stem, pdf_path)
        except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
            log.error("%s: pdf failed: %s", stem, exc)
        finally:
            if not args.keep_html:
                html_path.unlink(missing_ok=True)
    log.info("%d sheet(s) written to %s", made, outdir)
    return 0 if made else 1


if __name__ == "__main__":
    sys.exit(main())
