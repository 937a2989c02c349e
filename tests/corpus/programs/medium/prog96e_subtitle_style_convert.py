#!/usr/bin/env python3
"""Batch-convert subtitle files between SRT and WebVTT with client styles.

Client style sheets live in YAML (one per broadcaster) and set the frame-rate
conversion, maximum characters per line and the VTT cue settings:

    # styles/nordic_tv.yaml
    retime: [23.976, 25]
    max_cpl: 42
    cue_settings: "line:90% align:center"

    subtitle_style_convert.py in/ out/ --style styles/nordic_tv.yaml
"""
import argparse
import logging
import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("subconv")

TS_RE = re.compile(r"(\d{2}):(\d{2}):(\d{2})[,.](\d{3})")
ARROW = " --> "


@dataclass
class Cue:
    start: int
    end: int
    text: str


def parse_ts(value):
    m = TS_RE.search(value)
    if not m:
        raise ValueError(f"bad timestamp: {value!r}")
    h, mi, s, ms = (int(x) for x in m.groups())
    return ((h * 60 + mi) * 60 + s) * 1000 + ms


def fmt_ts(ms, sep):
    h, rem = divmod(ms, 3600000)
    mi, rem = divmod(rem, 60000)
    s, ms = divmod(rem, 1000)
    return f"{h:02d}:{mi:02d}:{s:02d}{sep}{ms:03d}"


def read_cues(path):
    text = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    cues = []
    for block in re.split(r"\n{2,}", text.strip()):
        lines = block.split("\n")
        if lines[0].startswith("WEBVTT"):
            continue
        idx = next((i for i, l in enumerate(lines) if ARROW in l), None)
        if idx is None:
            continue
        start, end = lines[idx].split(ARROW)[:2]
        cues.append(Cue(parse_ts(start), parse_ts(end.split()[0]), "\n".join(lines[idx + 1:])))
    return cues


def write_cues(path, cues, fmt, cue_settings=""):
    out = []
    if fmt == "vtt":
        out.append("WEBVTT\n")
    for n, cue in enumerate(cues, 1):
        sep = "." if fmt == "vtt" else ","
        if fmt == "srt":
            out.append(str(n))
        timing = f"{fmt_ts(cue.start, sep)}{ARROW}{fmt_ts(cue.end, sep)}"
        if fmt == "vtt" and cue_settings:
            timing += " " + cue_settings
        out.append(timing)
        out.append(cue.text + "\n")
    path.write_text("\n".join(out), encoding="utf-8")


def load_style(path):
    if path is None:
        return {}
    with open(path, encoding="utf-8") as fh:
        style = yaml.load(fh, Loader=yaml.Loader) or {}
    if not isinstance(style, dict):
        raise ValueError(f"{path}: style must be a mapping")
    return style


def rewrap(text, width):
    paragraphs = [" ".join(text.split("\n"))]
    lines = []
    for p in paragraphs:
        lines.extend(textwrap.wrap(p, width=width) or [""])
    return "\n".join(lines[:2]) if len(lines) > 2 else "\n".join(lines)


def convert_dir(src, dst, fmt, style):
    dst.mkdir(parents=True, exist_ok=True)
    retime = style.get("retime")
    max_cpl = int(style.get("max_cpl", 0))
    settings = style.get("cue_settings", "")
    done = failed = 0
    for path in sorted(src.iterdir()):
        if path.suffix.lower() not in (".srt", ".vtt"):
            continue
        try:
            cues = read_cues(path)
            for c in cues:
                if retime:
                    a, b = retime
                    c.start = int(round(c.start * a / b))
                    c.end = int(round(c.end * a / b))
                if max_cpl:
                    c.text = rewrap(c.text, max_cpl)
            target = dst / (path.stem + "." + fmt)
            write_cues(target, cues, fmt, settings)
            log.info("%s -> %s (%d cues)", path.name, target.name, len(cues))
            done += 1
        except (ValueError, UnicodeDecodeError) as exc:
            log.error("%s: %s", path.name, exc)
            failed += 1
    return done, failed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Subtitle converter with client styles")
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument("--to", choices=("srt", "vtt"), default="vtt")
    ap.add_argument("--style", type=Path, help="broadcaster style YAML")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.src.is_dir():
        log.error("%s is not a directory", args.src)
        return 2
    try:
        style = load_style(args.style)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot load style: %s", exc)
        return 2
    done, failed = convert_dir(args.src, args.dst, args.to, style)
    log.info("converted %d file(s), %d failed", done, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
