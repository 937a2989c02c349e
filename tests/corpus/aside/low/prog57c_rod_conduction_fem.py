#!/usr/bin/env python3
"""Steady 1-D heat conduction in a composite rod with linear finite elements.

Reads a YAML case file, assembles the tridiagonal stiffness system, solves it
with the Thomas algorithm and writes the nodal temperatures to results/.
"""
import argparse
import csv
import logging
import os
from dataclasses import dataclass
from pathlib import Path

import yaml

LOG = logging.getLogger("rodfem")


@dataclass
class Segment:
    length: float
    conductivity: float
    elements: int
    source: float = 0.0


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def load_case(path):
    with open(path, encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh)
    segs = [Segment(**s) for s in cfg["segments"]]
    return segs, float(cfg["T_left"]), float(cfg["T_right"])


def assemble(segments):
    xs = [0.0]
    n_nodes = sum(s.elements for s in segments) + 1
    diag, rhs = [0.0] * n_nodes, [0.0] * n_nodes
    lower, upper = [0.0] * n_nodes, [0.0] * n_nodes
    node = 0
    for seg in segments:
        h = seg.length / seg.elements
        k = seg.conductivity / h
        for _ in range(seg.elements):
            diag[node] += k
            diag[node + 1] += k
            upper[node] -= k
            lower[node + 1] -= k
            rhs[node] += seg.source * h / 2
            rhs[node + 1] += seg.source * h / 2
            xs.append(xs[-1] + h)
            node += 1
    return lower, diag, upper, rhs, xs


def thomas(a, b, c, d):
    n = len(d)
    cp, dp = [0.0] * n, [0.0] * n
    cp[0], dp[0] = c[0] / b[0], d[0] / b[0]
    for i in range(1, n):
        m = b[i] - a[i] * cp[i - 1]
        cp[i] = c[i] / m if i < n - 1 else 0.0
        dp[i] = (d[i] - a[i] * dp[i - 1]) / m
    x = [0.0] * n
    x[-1] = dp[-1]
    for i in range(n - 2, -1, -1):
        x[i] = dp[i] - cp[i] * x[i + 1]
    return x


def apply_dirichlet(a, b, c, d, t_left, t_right):
    b[0], c[0], d[0] = 1.0, 0.0, t_left
    b[-1], a[-1], d[-1] = 1.0, 0.0, t_right


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("case", help="YAML case file")
    ap.add_argument("--outdir", default="results")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    LOG.info("running on %s", cpu_model())

    segments, t_left, t_right = load_case(args.case)
    a, b, c, d, xs = assemble(segments)
    apply_dirichlet(a, b, c, d, t_left, t_right)
    temps = thomas(a, b, c, d)

    outdir = Path(args.outdir)
    outdir.mkdir(exist_ok=True)
    out = outdir / (Path(args.case).stem + "_T.csv")
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["x_m", "T_K"])
        w.writerows(zip(xs, temps))
    os.chmod(out, 0o600)
    LOG.info("max T %.2f K at x=%.4f m -> %s", max(temps), xs[temps.index(max(temps))], out)


if __name__ == "__main__":
    main()
