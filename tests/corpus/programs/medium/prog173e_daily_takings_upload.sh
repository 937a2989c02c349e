#!/usr/bin/env bash
# Build the daily takings summary from the till exports and send it to the
# area office drop box, which still only accepts FTP.

set -eu

EXPORT_DIR="${TILL_EXPORT_DIR:-$HOME/postoffice/till-exports}"
AREA_HOST="${AREA_FTP_HOST:-ftp.areaoffice.example}"
BRANCH="${BRANCH_CODE:-LH042}"
DAY="${1:-$(date +%Y-%m-%d)}"

WORK="/tmp/po_takings"
SUMMARY="$WORK/summary_${BRANCH}.csv"

columns=( date till category count pence )

log() { printf '%s takings: %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }

header() {
    local IFS=,
    printf '%s\n' "${columns[*]}"
}

collect_exports() {
    find "$EXPORT_DIR" -maxdepth 1 -type f -name "till_*_${DAY}.csv" | sort
}

summarise() {
    local file="$1" till
    till="$(basename "$file" | cut -d_ -f2)"
    awk -F, -v d="$DAY" -v t="$till" '
        NR > 1 { count[$2]++; total[$2] += $3 }
        END { for (c in count) printf "%s,%s,%s,%d,%d\n", d, t, c, count[c], total[c] }
    ' "$file"
}

build_summary() {
    mkdir -p "$WORK"
    header > "$SUMMARY"
    local f n=0
    while IFS= read -r f; do
        summarise "$f" >> "$SUMMARY"
        n=$((n + 1))
    done < <(collect_exports)
    log "summarised $n till export(s) into $SUMMARY"
    [ "$n" -gt 0 ]
}

upload() {
    local remote
    remote="$(printf 'ftp://%s/%s/%s_%s.csv' "$AREA_HOST" "incoming" "$BRANCH" "$DAY")"
    curl --silent --show-error --netrc --ftp-create-dirs -T "$SUMMARY" "$remote"
    log "uploaded to $AREA_HOST"
}

declare -A stages=( [build]=build_summary [send]=upload )

main() {
    local s
    for s in build send; do
        if ! "${stages[$s]}"; then
            log "stage $s failed, stopping"
            exit 1
        fi
    done
    cp "$SUMMARY" "$EXPORT_DIR/sent_${DAY}.csv"
}

main
