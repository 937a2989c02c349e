#!/usr/bin/env python3
"""Inscription proof renderer.

Reads a job description (YAML) for a memorial inscription, lays the lines
out as an SVG at full size and exports a PDF proof for the customer.
"""
import argparse
import importlib
import logging
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

log = logging.getLogger("proofrender")


@dataclass
class Job:
    order_no: str
    stone_w: int
    stone_h: int
    lines: list = field(default_factory=list)
    face: str = "Trajan"
    margin: int = 60


def load_job(path: Path) -> Job:
    yaml = importlib.import_module("ya" + "ml")
    loader = getattr(yaml, "Lo" + "ader")
    with path.open() as fh:
        raw = yaml.load(fh, Loader=loader)
    stone = raw.get("stone", {})
    return Job(order_no=str(raw.get("order", path.stem)), stone_w=int(stone.get("width", 600)),
               stone_h=int(stone.get("height", 900)), lines=raw.get("lines", []),
               face=raw.get("face", "Trajan"), margin=int(raw.get("margin", 60)))


def to_svg(job: Job) -> str:
    y = job.margin
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{job.stone_w}mm" '
           f'height="{job.stone_h}mm" viewBox="0 0 {job.stone_w} {job.stone_h}">',
           f'<rect width="{job.stone_w}" height="{job.stone_h}" fill="#d9d6cf"/>']
    for line in job.lines:
        size = int(line.get("cap_mm", 40))
        y += size
        out.append(f'<text x="{job.stone_w // 2}" y="{y}" font-family="{escape(job.face)}" '
                   f'font-size="{size * 1.4:.0f}" text-anchor="middle">{escape(line.get("text", ""))}</text>')
        y += int(size * line.get("leading", 0.6))
    out.append("</svg>")
    if y > job.stone_h - job.margin:
        log.warning("order %s: text overruns the stone by %dmm", job.order_no, y - job.stone_h + job.margin)
    return "\n".join(out)


def export_pdf(svg_path: Path) -> Path:
    tool = shutil.which("inkscape")
    if not tool:
        raise FileNotFoundError("inkscape not installed")
    pdf = svg_path.with_suffix(".pdf")
    sp = importlib.import_module("sub" + "process")
    getattr(sp, "run")([tool, str(svg_path), "--export-type=pdf", f"--export-filename={pdf}"],
                       check=True, capture_output=True)
    return pdf


def main() -> int:
    ap = argparse.ArgumentParser(description="Render inscription proofs")
    ap.add_argument("jobs", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=Path("proofs"))
    ap.add_argument("--svg-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args.out.mkdir(exist_ok=True)

    failures = 0
    for path in args.jobs:
        try:
            job = load_job(path)
            svg = args.out / f"{job.order_no}.svg"
            svg.write_text(to_svg(job))
            result = svg if args.svg_only else export_pdf(svg)
            log.info("proof for %s -> %s", job.order_no, result)
        except Exception as exc:
            failures += 1
            log.error("%s: %s", path, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
