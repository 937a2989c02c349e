#!/usr/bin/env bash
# Audit a rendered fulldome frame sequence before it goes to the show server.
#
# Checks ./renders/<show>/ for gaps in the frame numbering, zero-byte or
# suspiciously small frames, and mixed file types, then writes a CSV and a
# short text report into ./reports/. Intermediate lists go to ./build/.

set -euo pipefail

RENDER_ROOT="${RENDER_ROOT:-./renders}"
REPORT_DIR="./reports"
BUILD_DIR="./build/frame_audit"
MIN_BYTES="${MIN_FRAME_BYTES:-200000}"
CLEAN=0

log() { printf '[frame-audit] %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [--clean] [--min-bytes N] SHOW [SHOW ...]"
    echo "  --clean      remove ./build/frame_audit after the run"
}

SHOWS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --clean) CLEAN=1; shift ;;
        --min-bytes) MIN_BYTES="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) log "unknown option $1"; usage; exit 64 ;;
        *) SHOWS+=("$1"); shift ;;
    esac
done
[[ ${#SHOWS[@]} -gt 0 ]] || { usage; exit 64; }

mkdir -p "$REPORT_DIR" "$BUILD_DIR"

audit_show() {
    local show="$1"
    local dir="$RENDER_ROOT/$show"
    local listing="$BUILD_DIR/${show}.lst"
    if [[ ! -d "$dir" ]]; then
        log "no render folder for $show"
        return 1
    fi
    # name<TAB>size for every file in the frame folder
    find "$dir" -maxdepth 1 -type f -printf '%f\t%s\n' | sort > "$listing"
    log "$show: $(wc -l < "$listing") file(s) listed"

    local summary
    summary="$(AUDIT_LIST="$listing" AUDIT_SHOW="$show" AUDIT_MIN="$MIN_BYTES" \
               AUDIT_CSV="$REPORT_DIR/${show}_frames.csv" python3 - <<'PYEOF'
import csv, os, re
from collections import Counter

show = os.environ["AUDIT_SHOW"]
min_bytes = int(os.environ["AUDIT_MIN"])
pat = re.compile(r"^(?P<stem>.*?)(?P<num>\d{4,6})\.(?P<ext>png|exr|jpg|tif)$", re.I)
frames, exts, small, other = {}, Counter(), [], []
with open(os.environ["AUDIT_LIST"]) as fh:
    for line in fh:
        name, size = line.rstrip("\n").split("\t")
        m = pat.match(name)
        if not m:
            other.append(name)
            continue
        n = int(m["num"])
        frames[n] = (name, int(size))
        exts[m["ext"].lower()] += 1
        if int(size) < min_bytes:
            small.append(name)
gaps = []
if frames:
    lo, hi = min(frames), max(frames)
    gaps = [n for n in range(lo, hi + 1) if n not in frames]
with open(os.environ["AUDIT_CSV"], "w", newline="") as out:
    w = csv.writer(out)
    w.writerow(["frame", "file", "bytes", "flag"])
    for n in sorted(frames):
        name, size = frames[n]
        w.writerow([n, name, size, "small" if name in small else ""])
    for n in gaps:
        w.writerow([n, "", 0, "missing"])
first = min(frames) if frames else 0
last = max(frames) if frames else 0
print(f"{show}\t{len(frames)}\t{first}\t{last}\t{len(gaps)}\t{len(small)}\t{len(other)}\t{'/'.join(sorted(exts))}")
PYEOF
)"
    printf '%s\n' "$summary"
}

REPORT="$REPORT_DIR/frame_audit_$(date +%Y%m%d_%H%M).txt"
{
    printf 'show\tframes\tfirst\tlast\tmissing\tsmall\tother\ttypes\n'
    for show in "${SHOWS[@]}"; do
        audit_show "$show" || printf '%s\t-\t-\t-\t-\t-\t-\tno-folder\n' "$show"
    done
} > "$REPORT"

column -t -s $'\t' "$REPORT" >&2 || cat "$REPORT" >&2

problems="$(awk -F'\t' 'NR > 1 && ($5 != "0" || $6 != "0" || $8 == "no-folder")' "$REPORT" | wc -l)"
if [[ $CLEAN -eq 1 ]]; then
    rm -rf "$BUILD_DIR"
    log "removed $BUILD_DIR"
fi
if [[ "$problems" -gt 0 ]]; then
    log "$problems show(s) need attention; see $REPORT"
    exit 1
fi
log "all shows clean; report in $REPORT"
