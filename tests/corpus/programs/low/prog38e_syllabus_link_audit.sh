#!/usr/bin/env bash
# syllabus_link_audit.sh - check every URL referenced in the course syllabus
# and lecture notes before the semester starts.
#
# Usage: ./syllabus_link_audit.sh [-c links.conf] [-t SECONDS] [-k] FILE...
#   -c FILE   extra URLs, one per line ('#' comments allowed)
#   -t SECS   per-request timeout (default 10)
#   -k        keep the per-URL header dumps in ./link_audit/headers
#
# Results go to ./link_audit/report.tsv; a Markdown summary is printed.

set -euo pipefail

TIMEOUT=10
EXTRA_CONF=""
KEEP_HEADERS=0
OUT_DIR="./link_audit"
UA="course-link-audit/1.3 (+https://teaching.example.edu/tools)"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:t:kh" opt; do
    case "$opt" in
        c) EXTRA_CONF="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        k) KEEP_HEADERS=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))

[[ $# -gt 0 || -n "$EXTRA_CONF" ]] || usage 1
[[ -n "$(command -v curl)" ]] || { log "curl is required"; exit 1; }

mkdir -p "$OUT_DIR/headers"
REPORT="$OUT_DIR/report.tsv"
URL_LIST="$OUT_DIR/urls.txt"
: > "$URL_LIST"

# Collect URLs from Markdown/HTML sources and the optional config file.
for src in "$@"; do
    if [[ ! -r "$src" ]]; then
        log "cannot read $src, skipping"
        continue
    fi
    grep -Eo 'https?://[^ )">]+' "$src" >> "$URL_LIST" || true
done
if [[ -n "$EXTRA_CONF" && -r "$EXTRA_CONF" ]]; then
    grep -Ev '^[[:space:]]*(#|$)' "$EXTRA_CONF" >> "$URL_LIST" || true
fi
sort -u -o "$URL_LIST" "$URL_LIST"
total=$(wc -l < "$URL_LIST")
log "checking $total unique URLs (timeout ${TIMEOUT}s)"

printf 'status\tcode\turl\tfinal_url\n' > "$REPORT"
ok=0; broken=0; moved=0; n=0

check_url() {
    local url="$1" hdr code final
    hdr="$OUT_DIR/headers/$(printf '%s' "$url" | md5sum | cut -c1-16).txt"
    # HEAD first; some servers reject HEAD, so fall back to a ranged GET.
    code=$(curl -sS -I -L --max-time "$TIMEOUT" -A "$UA" -o "$hdr" \
                -w '%{http_code} %{url_effective}' "$url" 2>&1) || code="000 $url"
    if [[ "${code%% *}" == "405" || "${code%% *}" == "403" ]]; then
        code=$(curl -sS -L --max-time "$TIMEOUT" -A "$UA" -r 0-0 -o "$hdr" \
                    -w '%{http_code} %{url_effective}' "$url" 2>&1) || code="000 $url"
    fi
    final="${code#* }"
    code="${code%% *}"
    printf '%s\t%s\n' "$code" "$final"
}

while IFS= read -r url; do
    n=$((n + 1))
    read -r code final < <(check_url "$url")
    if [[ "$code" =~ ^2 ]]; then
        if [[ "$final" != "$url" ]]; then status="MOVED"; moved=$((moved + 1))
        else status="OK"; ok=$((ok + 1)); fi
    else
        status="BROKEN"; broken=$((broken + 1))
    fi
    printf '%s\t%s\t%s\t%s\n' "$status" "$code" "$url" "$final" >> "$REPORT"
    (( n % 10 == 0 )) && log "$n/$total done"
done < "$URL_LIST"

if [[ "$KEEP_HEADERS" -eq 0 ]]; then
    rm -rf "$OUT_DIR/headers"
fi

echo "## Link audit $(date +%F)"
echo
echo "| result | count |"
echo "|---|---|"
echo "| ok | $ok |"
echo "| moved | $moved |"
echo "| broken | $broken |"
if (( broken > 0 )); then
    echo
    echo "### Broken links"
    awk -F'\t' '$1 == "BROKEN" { printf "- `%s` (%s)\n", $3, $2 }' "$REPORT"
fi
exit $(( broken > 0 ? 3 : 0 ))
