#!/usr/bin/env bash
# scanner_manifest_sync.sh -- pull tonight's ticket manifest for the door scanners
#
# The handheld scanners at the doors read barcodes against a local manifest
# (valid ticket IDs, seat, price band, status). This script fetches the
# manifest for one performance from the ticketing platform, checks it against
# the published checksum and drops it in ./manifests/ where the scanner
# gateway picks it up.
#
#   ./scanner_manifest_sync.sh -p 2024-11-30-1930 [-c sync.conf] [-q]

set -euo pipefail

CONF_FILE="./scanner_sync.conf"
PERFORMANCE=""
QUIET=0
BASE_URL="https://tickets.boxoffice-platform.example.com/api/v2"
OUT_DIR="./manifests"
STAGING="./.staging"
RETRIES=4

log() {
    [[ $QUIET -eq 1 ]] && return 0
    printf '%s [manifest-sync] %s\n' "$(date '+%H:%M:%S')" "$*" >&2
}

die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":p:c:qh" opt; do
    case $opt in
        p) PERFORMANCE=$OPTARG ;;
        c) CONF_FILE=$OPTARG ;;
        q) QUIET=1 ;;
        h|*) usage ;;
    esac
done

[[ -n $PERFORMANCE ]] || usage

load_conf() {
    local key value
    while IFS='=' read -r key value; do
        [[ -z $key || $key == \#* ]] && continue
        case $key in
            BASE_URL) BASE_URL=$value ;;
            OUT_DIR) OUT_DIR=$value ;;
            RETRIES) RETRIES=$value ;;
            *) log "ignoring unknown setting $key" ;;
        esac
    done < "$1"
}

if [[ -f $CONF_FILE ]]; then
    load_conf "$CONF_FILE"
    log "loaded $CONF_FILE"
fi

command -v curl >/dev/null || die "curl is required"
command -v sha256sum >/dev/null || die "sha256sum is required"

mkdir -p "$OUT_DIR" "$STAGING"
trap 'rm -rf "$STAGING"' EXIT

fetch() {
    local url=$1 dest=$2 attempt=1
    while (( attempt <= RETRIES )); do
        if curl -fsS --max-time 30 -o "$dest" "$url"; then
            return 0
        fi
        log "fetch of $url failed (attempt $attempt/$RETRIES)"
        sleep $(( attempt * 3 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

manifest_url="$BASE_URL/performances/$PERFORMANCE/manifest.csv"
checksum_url="$BASE_URL/performances/$PERFORMANCE/manifest.sha256"

log "fetching manifest for performance $PERFORMANCE"
fetch "$manifest_url" "$STAGING/manifest.csv" || die "could not download manifest"
fetch "$checksum_url" "$STAGING/manifest.sha256" || die "could not download checksum"

expected=$(awk '{print $1}' "$STAGING/manifest.sha256")
actual=$(sha256sum "$STAGING/manifest.csv" | awk '{print $1}')
if [[ "$expected" != "$actual" ]]; then
    die "checksum mismatch for manifest (expected $expected, got $actual)"
fi

rows=$(( $(wc -l < "$STAGING/manifest.csv") - 1 ))
log "manifest verified: $rows tickets"

dest="$OUT_DIR/$PERFORMANCE.csv"
if [[ -f $dest ]] && cmp -s "$dest" "$STAGING/manifest.csv"; then
    log "manifest unchanged, leaving $dest in place"
else
    mv "$STAGING/manifest.csv" "$dest"
    chmod 0600 "$dest"
    ln -sfn "$PERFORMANCE.csv" "$OUT_DIR/current.csv"
    log "installed $dest and pointed current.csv at it"
fi

printf '%s\t%s\t%s\n' "$(date -Is)" "$PERFORMANCE" "$rows" >> "$OUT_DIR/sync.log"
