#!/usr/bin/env bash
# experiment_sweep_report.sh - summarise a hyper-parameter sweep.
#
# Each run directory under ./runs/ holds config.yaml (the run's settings) and
# metrics.pkl (a pickled dict written by the training loop).  The summary is
# written to ./reports/sweep_<name>.csv and printed as a ranked table.
#
# Usage: experiment_sweep_report.sh [-r runs_dir] [-m metric] [-k top_k] name
set -euo pipefail

RUNS_DIR="runs"
METRIC="val_accuracy"
TOP_K=10

die() { echo "sweep_report: $*" >&2; exit 1; }

while getopts ":r:m:k:h" opt; do
    case "$opt" in
        r) RUNS_DIR="$OPTARG" ;;
        m) METRIC="$OPTARG" ;;
        k) TOP_K="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || die "need exactly one sweep name"
SWEEP="$1"

[[ -d "$RUNS_DIR" ]] || die "no runs directory at $RUNS_DIR"
[[ "$TOP_K" =~ ^[0-9]+$ ]] || die "top_k must be a number"
mkdir -p reports

run_count=$(find "$RUNS_DIR" -mindepth 1 -maxdepth 1 -type d -name "${SWEEP}*" | wc -l)
[[ $run_count -gt 0 ]] || die "no runs matching ${SWEEP}* in $RUNS_DIR"
echo "found $run_count run(s) for sweep '$SWEEP'"

python3 - "$RUNS_DIR" "$SWEEP" "$METRIC" "$TOP_K" "reports/sweep_${SWEEP}.csv" <<'PYEOF'
import csv
import pickle
import sys
from pathlib import Path

import yaml

runs_dir, sweep, metric, top_k, out_csv = sys.argv[1:6]
top_k = int(top_k)


def load_config(path):
    # Configs use custom tags (!range, !choice) from the sweep generator,
    # so the full loader is needed here.
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def load_metrics(path):
    with open(path, "rb") as fh:
        return pickle.load(fh)


def flatten(prefix, value, out):
    if isinstance(value, dict):
        for key, sub in value.items():
            flatten(f"{prefix}.{key}" if prefix else str(key), sub, out)
    else:
        out[prefix] = value


rows = []
for run in sorted(Path(runs_dir).glob(f"{sweep}*")):
    cfg_path, met_path = run / "config.yaml", run / "metrics.pkl"
    if not (cfg_path.exists() and met_path.exists()):
        print(f"  skip {run.name}: incomplete", file=sys.stderr)
        continue
    try:
        cfg = load_config(cfg_path)
        metrics = load_metrics(met_path)
    except Exception as exc:  # keep going on a single broken run
        print(f"  skip {run.name}: {exc}", file=sys.stderr)
        continue
    row = {"run": run.name}
    flatten("", cfg, row)
    row[metric] = metrics.get(metric)
    row["epochs"] = metrics.get("epochs")
    rows.append(row)

rows = [r for r in rows if r.get(metric) is not None]
rows.sort(key=lambda r: r[metric], reverse=True)
columns = sorted({k for r in rows for k in r} - {"run", metric})
with open(out_csv, "w", newline="", encoding="utf-8") as fh:
    writer = csv.DictWriter(fh, fieldnames=["run", metric] + columns)
    writer.writeheader()
    writer.writerows(rows)

print(f"{'rank':>4}  {'run':<28} {metric}")
for rank, row in enumerate(rows[:top_k], 1):
    print(f"{rank:>4}  {row['run']:<28} {row[metric]:.4f}")
print(f"wrote {len(rows)} rows to {out_csv}")
PYEOF
