#!/usr/bin/env bash
# loadfile_pull.sh - download the latest production load files (DAT/OPT)
# for a matter from the review platform's export server, which still runs
# with the vendor's self-signed certificate, and stage them for QC.
#
# Usage: loadfile_pull.sh -m MATTER -v VOLUME [-d DEST]

set -euo pipefail

PROG="$(basename "$0")"
EXPORT_HOST="${EXPORT_HOST:-exports.review.example.com}"
MATTER=""
VOLUME=""
DEST="./qc_staging"
WORK="/tmp/loadfile_pull"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":m:v:d:h" opt; do
    case "$opt" in
        m) MATTER="$OPTARG" ;;
        v) VOLUME="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) die "bad option" ;;
    esac
done

[[ -n "$MATTER" && -n "$VOLUME" ]] || die "need -m MATTER and -v VOLUME"
[[ "$VOLUME" =~ ^[A-Z]{2,6}[0-9]{3}$ ]] || die "volume should look like ABC001"

BASE_URL="https://${EXPORT_HOST}/exports/${MATTER}/${VOLUME}"

prepare() {
    rm -rf "$WORK"
    mkdir -p "$WORK" "$DEST"
    log "working in $WORK"
}

fetch() {
    local name="$1"
    log "fetching $name"
    # -k: export server cert is self-signed until the platform upgrade
    curl -fsS -k --max-time 300 --retry 3 \
        -o "${WORK}/${name}" "${BASE_URL}/${name}" \
        || die "download of $name failed"
}

check_dat() {
    local dat="${WORK}/${VOLUME}.dat"
    local header fields rows
    header="$(head -n1 "$dat")"
    fields="$(awk -F $'\x14' 'NR==1 {print NF}' "$dat")"
    rows="$(($(wc -l < "$dat") - 1))"
    log "DAT has $fields fields and $rows rows"
    if ! grep -q 'BEGDOC' <<<"$header"; then
        die "DAT header has no BEGDOC field"
    fi
    awk -F $'\x14' -v n="$fields" 'NF != n {bad++} END {exit bad > 0}' "$dat" \
        || log "WARNING: some DAT rows have the wrong field count"
}

check_opt() {
    local opt="${WORK}/${VOLUME}.opt"
    local images
    images="$(wc -l < "$opt")"
    log "OPT references $images image pages"
}

stage() {
    local target="${DEST}/${MATTER}_${VOLUME}"
    mkdir -p "$target"
    cp "${WORK}/${VOLUME}.dat" "${WORK}/${VOLUME}.opt" "$target/"
    sha256sum "$target"/* > "${target}/SHA256SUMS"
    log "staged load files in $target"
}

main() {
    prepare
    fetch "${VOLUME}.dat"
    fetch "${VOLUME}.opt"
    check_dat
    check_opt
    stage
}

main
