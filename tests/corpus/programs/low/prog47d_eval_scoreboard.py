#!/usr/bin/env python3
"""Aggregate evaluation runs (./runs/*.jsonl) into a markdown scoreboard.

Each line of a run file is {"id", "prediction", "reference", "latency_ms"}.
With --clean the harness' own scratch directories are removed afterwards.
"""
import argparse
import collections
import csv
import json
import logging
import pathlib
import platform
import re
import shutil
import statistics
import string

log = logging.getLogger("scoreboard")
SCRATCH_DIRS = ("build", ".eval_cache", "__pycache__")
_PUNCT = re.compile(f"[{re.escape(string.punctuation)}]")


def normalize(text):
    text = _PUNCT.sub(" ", (text or "").lower())
    return " ".join(w for w in text.split() if w not in {"a", "an", "the"})


def token_f1(pred, ref):
    p, r = normalize(pred).split(), normalize(ref).split()
    common = collections.Counter(p) & collections.Counter(r)
    overlap = sum(common.values())
    if not p or not r or overlap == 0:
        return float(p == r)
    precision, recall = overlap / len(p), overlap / len(r)
    return 2 * precision * recall / (precision + recall)


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def score_run(path):
    em, f1, lat, n = 0, 0.0, [], 0
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                log.warning("%s:%d: bad json, skipped", path, lineno)
                continue
            n += 1
            em += normalize(row["prediction"]) == normalize(row["reference"])
            f1 += token_f1(row["prediction"], row["reference"])
            if "latency_ms" in row:
                lat.append(float(row["latency_ms"]))
    if n == 0:
        return None
    return {"run": path.stem, "n": n, "exact_match": em / n, "f1": f1 / n,
            "p50_ms": statistics.median(lat) if lat else None}


def write_reports(rows, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    rows.sort(key=lambda r: r["f1"], reverse=True)
    with (out_dir / "scoreboard.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    lines = [f"# Scoreboard\n\nHost CPU: {cpu_model()}\n",
             "| run | n | EM | F1 | p50 ms |", "|---|---|---|---|---|"]
    for r in rows:
        p50 = f"{r['p50_ms']:.0f}" if r["p50_ms"] is not None else "-"
        lines.append(f"| {r['run']} | {r['n']} | {r['exact_match']:.3f} | {r['f1']:.3f} | {p50} |")
    (out_dir / "scoreboard.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def clean_scratch(root):
    for name in SCRATCH_DIRS:
        target = root / name
        if target.is_dir():
            shutil.rmtree(target)
            log.info("removed %s", target)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", default="runs")
    ap.add_argument("--out", default="reports")
    ap.add_argument("--clean", action="store_true", help="remove build/ and .eval_cache/ afterwards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rows = [r for r in (score_run(p) for p in sorted(pathlib.Path(args.runs).glob("*.jsonl"))) if r]
    if not rows:
        log.error("no scorable runs under %s", args.runs)
        return 1
    write_reports(rows, pathlib.Path(args.out))
    log.info("scored %d runs -> %s", len(rows), args.out)
    if args.clean:
        clean_scratch(pathlib.Path.cwd())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
