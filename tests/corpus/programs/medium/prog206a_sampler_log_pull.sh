#!/usr/bin/env bash
# Pulls the event logs from the autosamplers at the reed bed inlet and outlet
# and merges them into one CSV for the weekly sampling review.
set -euo pipefail

declare -A SAMPLERS=(
    [inlet]="198.51.100.31"
    [outlet]="198.51.100.32"
)
STAGE="/tmp/rb_sampler_pull"
OUT_DIR="./sampler_logs"
CURL_OPTS=(-fsS --max-time 45 -k)
WEEK="$(date +%G-W%V)"

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    cat <<USAGE
Usage: $0 [-w week] [-o outdir]
USAGE
}

pull_one() {
    local name="$1" host="$2" dest="$STAGE/$name"
    mkdir -p "$dest"
    log "pulling $name from $host"
    if ! curl "${CURL_OPTS[@]}" "https://${host}/export/events.tar.gz" -o "$dest/events.tar.gz"; then
        log "no archive from $name"
        return 1
    fi
    tar -xzf "$dest/events.tar.gz" -C "$dest"
}

merge_logs() {
    local out="$OUT_DIR/events_${WEEK}.csv" name f
    echo "sampler,timestamp,event,bottle,volume_ml" >"$out"
    for name in "${!SAMPLERS[@]}"; do
        for f in "$STAGE/$name"/*.csv; do
            [[ -f "$f" ]] || continue
            awk -F, -v s="$name" 'NR > 1 && NF >= 4 {print s "," $1 "," $2 "," $3 "," $4}' "$f" >>"$out"
        done
    done
    echo "$out"
}

report() {
    local merged="$1"
    local total missed
    total=$(( $(wc -l <"$merged") - 1 ))
    missed=$(grep -c ',MISSED,' "$merged" || true)
    log "week $WEEK: $total events, $missed missed samples"
}

main() {
    while getopts ":w:o:h" opt; do
        case "$opt" in
            w) WEEK="$OPTARG" ;;
            o) OUT_DIR="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    mkdir -p "$OUT_DIR" "$STAGE"
    local name ok=0
    for name in "${!SAMPLERS[@]}"; do
        pull_one "$name" "${SAMPLERS[$name]}" && ok=$((ok + 1))
    done
    if (( ok == 0 )); then
        log "no samplers reachable"
        exit 1
    fi
    report "$(merge_logs)"
    rm -rf "$STAGE"
}

main "$@"
