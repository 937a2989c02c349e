#!/usr/bin/env bash
# Turn lcov tracefiles under ./coverage-data into an HTML report and serve it
# so reviewers on the office network can open it from their own machines.
set -euo pipefail

DATA_DIR="./coverage-data"
HTML_DIR="./coverage-html"
PORT="${COV_PORT:-8088}"
SERVE=1
MIN_PCT="${COV_MIN:-70}"

exec > >(tee -a ./coverage-share.log) 2>&1

usage() { echo "usage: ${0##*/} [--no-serve] [--port N] [--min PCT]"; }

while (( $# )); do
    case $1 in
        --no-serve) SERVE=0 ;;
        --port) PORT=$2; shift ;;
        --min) MIN_PCT=$2; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

command -v genhtml >/dev/null || { echo "genhtml (lcov) not installed"; exit 1; }

mapfile -t traces < <(find "$DATA_DIR" -name '*.info' -size +0 | sort)
(( ${#traces[@]} )) || { echo "no tracefiles in $DATA_DIR"; exit 1; }
echo "merging ${#traces[@]} tracefiles"

merge_args=()
for t in "${traces[@]}"; do merge_args+=(-a "$t"); done
lcov --quiet "${merge_args[@]}" -o "$DATA_DIR/merged.info"
lcov --quiet --remove "$DATA_DIR/merged.info" '*/tests/*' '*/vendor/*' \
     -o "$DATA_DIR/filtered.info"

rm -rf -- "$HTML_DIR"
genhtml --quiet --legend --title "$(basename "$PWD") coverage" \
        -o "$HTML_DIR" "$DATA_DIR/filtered.info" | tee "$DATA_DIR/genhtml.out"

# Per-directory table for the terminal, from the tracefile itself.
awk -F'[:,]' '
    /^SF:/ { file = $2; sub(/\/[^\/]*$/, "", file) }
    /^LF:/ { found[file] += $2 }
    /^LH:/ { hit[file] += $2 }
    END { for (d in found) if (found[d]) printf "%6.1f%%  %s\n", 100 * hit[d] / found[d], d }
' "$DATA_DIR/filtered.info" | sort -n | head -n 20

read -r pct < <(grep -oE 'lines[.]*: [0-9.]+%' "$DATA_DIR/genhtml.out" | grep -oE '[0-9.]+' | head -n1)
echo "overall line coverage: ${pct:-unknown}%"
if [[ -n ${pct:-} ]] && awk -v p="$pct" -v m="$MIN_PCT" 'BEGIN { exit !(p < m) }'; then
    echo "WARNING: below threshold of $MIN_PCT%"
fi

(( SERVE )) || exit 0

addr=$(hostname -I 2>/dev/null | awk '{ print $1 }')
echo "serving $HTML_DIR on all interfaces: http://${addr:-<this-host>}:$PORT/"
echo "press Ctrl-C to stop"
exec python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$HTML_DIR"
