#!/usr/bin/env bash
# import_keeper_logs.sh
# Imports the daily keeper-log bundle exported by the records server and
# merges the observation CSVs into the local logbook folder.
set -euo pipefail

SERVER="${LOGS_SERVER:-records.example.org}"
DAY="${1:-$(date +%F)}"
STAGE="/tmp/keeper_logs_import"
LOGBOOK="${LOGBOOK_DIR:-./logbook}"
BUNDLE="$STAGE/keeper_logs_${DAY}.tar.gz"
INSECURE_TLS="${INSECURE_TLS:-1}"   # records server still has a self-signed cert

info() { echo "[import $DAY] $*" >&2; }

bundle_url() {
    printf 'https://%s/exports/keeper-logs/%s.tar.gz' "$SERVER" "$DAY"
}

download() {
    local url; url="$(bundle_url)"
    local opts=(-f -sS --max-time 120 -o "$BUNDLE")
    [[ "$INSECURE_TLS" == 1 ]] && opts+=(-k)
    info "downloading $url"
    curl "${opts[@]}" "$url"
}

unpack() {
    rm -rf "$STAGE/extract"
    mkdir -p "$STAGE/extract"
    tar -xzf "$BUNDLE" -C "$STAGE/extract"
    info "unpacked $(find "$STAGE/extract" -type f | wc -l) file(s)"
}

merge_csv() {
    local src="$1" section dst
    section="$(basename "$src" .csv)"
    dst="$LOGBOOK/${section}.csv"
    if [[ ! -f "$dst" ]]; then
        cp "$src" "$dst"
        info "new section log $section"
        return
    fi
    # skip header, append only rows we have not seen yet
    tail -n +2 "$src" | while IFS= read -r row; do
        grep -Fxq -- "$row" "$dst" || echo "$row" >> "$dst"
    done
}

summarise() {
    local f
    for f in "$LOGBOOK"/*.csv; do
        [[ -f "$f" ]] || continue
        printf '%-28s %6d rows\n' "$(basename "$f")" "$(( $(wc -l < "$f") - 1 ))"
    done
}

main() {
    [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { info "bad date $DAY"; exit 1; }
    mkdir -p "$STAGE" "$LOGBOOK"
    chmod 0700 "$STAGE"

    if [[ ! -s "$BUNDLE" ]]; then
        download || { info "download failed"; exit 2; }
    else
        info "reusing staged bundle"
    fi
    unpack

    local n=0 f
    while IFS= read -r -d '' f; do
        merge_csv "$f"
        n=$((n + 1))
    done < <(find "$STAGE/extract" -type f -name '*.csv' -print0)
    info "merged $n section log(s)"
    summarise
}

main "$@"
