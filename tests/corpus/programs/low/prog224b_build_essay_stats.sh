#!/usr/bin/env bash
# Build anonymised statistics over personal-statement essays for the
# admissions committee's annual review (lengths, prompt usage, language mix).
# Works on a local export in ./essays (one .txt per applicant, first line
# is the prompt code). Output goes to ./stats; intermediate files to ./build.
#
#   prog224b_build_essay_stats.sh [-i essays_dir] [-o stats_dir] [--keep-build]

set -euo pipefail

ESSAY_DIR="./essays"
STATS_DIR="./stats"
BUILD_DIR="./build/essay-stats"
KEEP_BUILD=0

log() { printf '%s essay-stats: %s\n' "$(date +%T)" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -i) ESSAY_DIR="$2"; shift 2 ;;
        -o) STATS_DIR="$2"; shift 2 ;;
        --keep-build) KEEP_BUILD=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 1 ;;
    esac
done

[[ -d "$ESSAY_DIR" ]] || { log "no essay export at $ESSAY_DIR"; exit 1; }
mkdir -p "$STATS_DIR" "$BUILD_DIR"

COUNT=$(find "$ESSAY_DIR" -maxdepth 1 -name '*.txt' | wc -l)
log "found $COUNT essays"
[[ "$COUNT" -gt 0 ]] || exit 0

# stage 1: one TSV row per essay (prompt, words, sentences), no identifiers
find "$ESSAY_DIR" -maxdepth 1 -name '*.txt' -print0 |
    xargs -0 -n 50 python3 -c '
import re, sys
for path in sys.argv[1:]:
    with open(path, encoding="utf-8", errors="replace") as fh:
        prompt = fh.readline().strip() or "none"
        body = fh.read()
    words = len(body.split())
    sentences = len(re.findall(r"[.!?]+(\s|$)", body))
    ascii_ratio = sum(c.isascii() for c in body) / max(len(body), 1)
    print(f"{prompt}\t{words}\t{sentences}\t{ascii_ratio:.3f}")
' > "$BUILD_DIR/rows.tsv"

log "stage 1 wrote $(wc -l < "$BUILD_DIR/rows.tsv") rows"

# stage 2: generate the per-prompt summariser, run it afterwards
cat > "$BUILD_DIR/summarize.sh" <<'SH'
#!/usr/bin/env bash
set -euo pipefail
rows="$1"
out="$2"
printf 'prompt\tessays\tavg_words\tmax_words\tunder_250\n' > "$out"
sort -t $'\t' -k1,1 "$rows" | awk -F'\t' '
    function flush() {
        if (p != "") printf "%s\t%d\t%.0f\t%d\t%d\n", p, n, sum/n, max, short
    }
    $1 != p { flush(); p = $1; n = 0; sum = 0; max = 0; short = 0 }
    { n++; sum += $2; if ($2 > max) max = $2; if ($2 < 250) short++ }
    END { flush() }
' >> "$out"
SH

bash "$BUILD_DIR/summarize.sh" "$BUILD_DIR/rows.tsv" "$STATS_DIR/by_prompt.tsv"
log "per-prompt summary in $STATS_DIR/by_prompt.tsv"

# stage 3: overall numbers, handed over via command substitution + env
OVERALL="$(awk -F'\t' '{w+=$2; s+=$3; if ($4 < 0.95) nonascii++} END {printf "%d %d %d %d", NR, w, s, nonascii}' "$BUILD_DIR/rows.tsv")"
read -r N WORDS SENTS NONASCII <<< "$OVERALL"

STAT_N="$N" STAT_WORDS="$WORDS" STAT_SENTS="$SENTS" STAT_NONASCII="$NONASCII" \
STAT_OUT="$STATS_DIR/overall.json" python3 - <<'PY'
import json, os
n = int(os.environ["STAT_N"])
doc = {
    "essays": n,
    "avg_words": round(int(os.environ["STAT_WORDS"]) / max(n, 1), 1),
    "avg_sentences": round(int(os.environ["STAT_SENTS"]) / max(n, 1), 1),
    "share_non_ascii_heavy": round(int(os.environ["STAT_NONASCII"]) / max(n, 1), 3),
}
with open(os.environ["STAT_OUT"], "w") as fh:
    json.dump(doc, fh, indent=2)
print(json.dumps(doc))
PY

if [[ "$KEEP_BUILD" -eq 0 ]]; then
    rm -rf -- "$BUILD_DIR"
    log "removed build directory"
fi
log "done"
