#!/bin/sh
# flue_table_update.sh - refresh the flue sizing / draught tables used by the
# stove sizing spreadsheet and flue calculator.
#
# The tables are published as CSV alongside a SHA256SUMS manifest. We fetch
# into ./tables/.incoming, verify every file, and only then swap them in, so a
# half-finished download on a poor van connection never breaks the calculator.
#
#   ./flue_table_update.sh            # update from the default mirror
#   TABLES_URL=https://... ./flue_table_update.sh -f   # force re-download

set -eu

TABLES_URL="${TABLES_URL:-https://data.stovefitters-assoc.org.uk/flue-tables/current}"
DEST="./tables"
INCOMING="$DEST/.incoming"
STAMP="$DEST/.version"
FORCE=0
WGET_OPTS="--quiet --tries=3 --timeout=20 --waitretry=5"

usage() { echo "usage: $0 [-f] [-h]" >&2; exit 2; }

while getopts "fh" opt; do
    case $opt in
        f) FORCE=1 ;;
        *) usage ;;
    esac
done

log() { printf '%s [flue-tables] %s\n' "$(date '+%H:%M:%S')" "$*"; }

fetch() {
    # fetch <remote-name> <local-path>
    # shellcheck disable=SC2086
    wget $WGET_OPTS -O "$2" "$TABLES_URL/$1"
}

mkdir -p "$DEST" "$INCOMING"
rm -f "$INCOMING"/*

log "checking $TABLES_URL"
fetch VERSION "$INCOMING/VERSION" || { log "mirror unreachable, keeping current tables"; exit 0; }
remote_ver=$(tr -d '[:space:]' < "$INCOMING/VERSION")
local_ver=$(cat "$STAMP" 2>/dev/null || echo none)

if [ "$remote_ver" = "$local_ver" ] && [ "$FORCE" -eq 0 ]; then
    log "tables already at $local_ver"
    exit 0
fi
log "updating tables $local_ver -> $remote_ver"

fetch SHA256SUMS "$INCOMING/SHA256SUMS"

# only plain CSV table files are accepted from the manifest
awk '$2 ~ /^[A-Za-z0-9_-]+\.csv$/ {print $2}' "$INCOMING/SHA256SUMS" > "$INCOMING/.list"
[ -s "$INCOMING/.list" ] || { log "manifest lists no tables"; exit 1; }

while read -r name; do
    fetch "$name" "$INCOMING/$name" || { log "failed to fetch $name"; exit 1; }
done < "$INCOMING/.list"

( cd "$INCOMING" && grep -E ' [A-Za-z0-9_-]+\.csv$' SHA256SUMS | sha256sum -c --quiet - ) || {
    log "checksum mismatch; tables NOT updated"
    exit 1
}

count=0
while read -r name; do
    header=$(head -n1 "$INCOMING/$name")
    case "$header" in
        *flue_dia_mm*|*appliance_kw*|*height_m*) ;;
        *) log "warning: $name has an unexpected header: $header" ;;
    esac
    mv -f "$INCOMING/$name" "$DEST/$name"
    count=$((count + 1))
done < "$INCOMING/.list"

printf '%s\n' "$remote_ver" > "$STAMP"
rm -f "$INCOMING"/*
log "installed $count table(s), version $remote_ver"
