"""Render a self-contained HTML report of numpy kernel benchmarks.

Host information is taken from /proc/cpuinfo and /etc/os-release so the
report shows which machine produced the numbers.  Plots are embedded as
base64 data URIs so the HTML file can be mailed around on its own.
"""
import argparse
import base64
import io
import logging
import platform
import time
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

LOG = logging.getLogger("bench")
SIZES = [64, 128, 256, 512, 1024]


def host_info() -> dict:
    info = {"python": platform.python_version()}
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
        info["cores"] = sum(1 for l in open("/proc/cpuinfo") if l.startswith("processor"))
    except OSError:
        info["cpu"] = platform.processor() or "unknown"
    try:
        with open("/etc/os-release") as fh:
            fields = dict(l.rstrip().split("=", 1) for l in fh if "=" in l)
        info["os"] = fields.get("PRETTY_NAME", "").strip('"')
    except OSError:
        info["os"] = platform.platform()
    return info


def time_kernel(fn, n: int, repeat: int) -> float:
    rng = np.random.default_rng(n)
    a = rng.standard_normal((n, n))
    b = rng.standard_normal((n, n))
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(a, b)
        best = min(best, time.perf_counter() - t0)
    return best


KERNELS = {
    "matmul": lambda a, b: a @ b,
    "solve": lambda a, b: np.linalg.solve(a + np.eye(len(a)) * len(a), b),
    "svd": lambda a, b: np.linalg.svd(a, compute_uv=False),
}


def plot_to_data_uri(results: dict) -> str:
    fig, ax = plt.subplots(figsize=(6, 4))
    for name, timings in results.items():
        ax.loglog(SIZES, timings, marker="o", label=name)
    ax.set_xlabel("matrix size n")
    ax.set_ylabel("best time [s]")
    ax.legend()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def render(info: dict, results: dict, uri: str) -> str:
    rows = "".join(
        f"<tr><td>{k}</td>" + "".join(f"<td>{t*1e3:.2f}</td>" for t in v) + "</tr>"
        for k, v in results.items())
    meta = "".join(f"<li><b>{k}</b>: {v}</li>" for k, v in info.items())
    head = "".join(f"<th>{n}</th>" for n in SIZES)
    return (f"<html><body><h1>numpy benchmarks</h1><ul>{meta}</ul>"
            f"<table><tr><th>kernel [ms]</th>{head}</tr>{rows}</table>"
            f"<img src='{uri}'/></body></html>")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default="reports/bench.html")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    results = {}
    for name, fn in KERNELS.items():
        results[name] = [time_kernel(fn, n, args.repeat) for n in SIZES]
        LOG.info("%s done", name)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(host_info(), results, plot_to_data_uri(results)))
    LOG.info("wrote %s", out)


if __name__ == "__main__":
    main()
