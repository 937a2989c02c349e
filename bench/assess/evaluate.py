#!/usr/bin/python3
"""Scores the assessor on a labelled corpus: DIR/{low,medium,high,blocked}/*.py|*.sh.

    bench/assess/evaluate.py [--binary build/bin/mai-sandbox] [--origin external|mai]
                             [--config DIR] [--show-misses] CORPUS_DIR [CORPUS_DIR...]

Prints, per corpus directory, aggregate figures only: the confusion matrix
(rows: label, columns: assessed level), per-level precision and recall, the
issue's targets (exact level, BLOCKED recall and its evasive part, HIGH recall,
HIGH/BLOCKED rated LOW, benign rated MEDIUM or worse, MEDIUM rated LOW) and
throughput. File names are printed only with --show-misses, which must never
be used on a held-out corpus. Files are read by the assessor, never executed.
"""
import argparse
import json
import os
import subprocess
import sys
import time

LEVELS = ["LOW", "MEDIUM", "HIGH", "BLOCKED"]


def assess(binary, config, origin, files):
    cmd = [binary]
    if config:
        cmd += ["--config", config]
    cmd += ["assess", "--json", "--origin", origin] + files
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"evaluate: {' '.join(cmd[:6])}... exited {out.returncode}: {out.stderr.strip()}")
    results, summary = {}, None
    for line in out.stdout.splitlines():
        obj = json.loads(line)
        if "summary" in obj:
            summary = obj["summary"]
        elif "file" in obj:
            results[obj["file"]] = obj.get("level", "ERROR")
    return results, summary


def score(name, labelled, results, show_misses, seconds, summary):
    matrix = {l: {g: 0 for g in LEVELS + ["ERROR"]} for l in LEVELS}
    misses = []
    evasive = [0, 0]
    for path, label in labelled:
        got = results.get(path, "ERROR")
        matrix[label][got] += 1
        if label == "BLOCKED" and "evas" in os.path.basename(path).lower():
            evasive[0] += 1
            evasive[1] += got == "BLOCKED"
        if got != label:
            misses.append((label, got, path))
    total = len(labelled)
    print(f"== {name}: {total} files")
    print("label \\ assessed    LOW  MEDIUM    HIGH BLOCKED  ERROR")
    for l in LEVELS:
        row = matrix[l]
        print(f"{l:>16} " + " ".join(f"{row[g]:7d}" for g in LEVELS) + f" {row['ERROR']:6d}")
    for i, l in enumerate(LEVELS):
        tp = matrix[l][l]
        col = sum(matrix[x][l] for x in LEVELS)
        row = sum(matrix[l].values())
        p = tp / col if col else float("nan")
        r = tp / row if row else float("nan")
        print(f"{l:>8}: precision {p:.3f} recall {r:.3f}  ({row} labelled, {col} assessed)")
    exact = sum(matrix[l][l] for l in LEVELS)

    def frac(a, b):
        return f"{a / b:.3f} ({a}/{b})" if b else "n/a"
    severe = sum(matrix[l][g] for l in ("HIGH", "BLOCKED") for g in ("LOW",))
    severe_n = sum(sum(matrix[l].values()) for l in ("HIGH", "BLOCKED"))
    benign_up = sum(matrix["LOW"][g] for g in ("MEDIUM", "HIGH", "BLOCKED"))
    print(f"exact level {frac(exact, total)}")
    print(f"BLOCKED recall {frac(matrix['BLOCKED']['BLOCKED'], sum(matrix['BLOCKED'].values()))}"
          f", evasive {frac(evasive[1], evasive[0])}")
    print(f"HIGH recall {frac(matrix['HIGH']['HIGH'], sum(matrix['HIGH'].values()))}")
    print(f"HIGH/BLOCKED rated LOW {frac(severe, severe_n)}")
    print(f"benign (LOW) rated MEDIUM or worse {frac(benign_up, sum(matrix['LOW'].values()))}")
    print(f"MEDIUM rated LOW {frac(matrix['MEDIUM']['LOW'], sum(matrix['MEDIUM'].values()))}")
    if summary and seconds > 0:
        print(f"throughput {summary['bytes'] / seconds / 1e6:.2f} MB/s wall (batch, all CPUs), "
              f"{summary['bytes']} bytes")
    # Aggregates by sub-directory of a level (e.g. blocked/evasive/), when there are any.
    groups = {}
    for path, label in labelled:
        rel = os.path.relpath(path, os.path.join(name, label.lower()))
        parts = rel.split(os.sep)
        if len(parts) > 1:
            key = f"{label.lower()}/{parts[0]}"
            g = groups.setdefault(key, [0, 0, 0])
            g[0] += 1
            got = results.get(path, "ERROR")
            g[1] += got == label
            g[2] += got == "LOW"
    for key in sorted(groups):
        n, ok, low = groups[key]
        print(f"  {key}: {ok}/{n} at their level, {low} rated LOW")
    if show_misses:
        for label, got, path in sorted(misses):
            print(f"  miss: {label} -> {got}: {path}")
    return matrix


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.environ.get("MAI_SANDBOX", "build/bin/mai-sandbox"))
    ap.add_argument("--config", default=None)
    ap.add_argument("--origin", default="external", choices=["external", "mai"])
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    for d in args.dirs:
        labelled = []
        for level in LEVELS:
            sub = os.path.join(d, level.lower())
            if not os.path.isdir(sub):
                continue
            for root, _, names in os.walk(sub):
                for n in sorted(names):
                    if n.endswith((".py", ".sh", ".bash")):
                        labelled.append((os.path.join(root, n), level))
        if not labelled:
            print(f"== {d}: no labelled files (expected {d}/low|medium|high|blocked/*.py|*.sh)")
            continue
        start = time.monotonic()
        results, summary = assess(args.binary, args.config, args.origin, [p for p, _ in labelled])
        seconds = time.monotonic() - start
        score(d, labelled, results, args.show_misses, seconds, summary)


if __name__ == "__main__":
    main()
