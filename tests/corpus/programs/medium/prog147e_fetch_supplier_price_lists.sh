#!/usr/bin/env bash
# Fetch the weekly price lists from our parts suppliers.
#
# Two suppliers publish a tarball of CSV price lists over HTTPS, the old
# Swiss material house still only offers anonymous FTP. Everything is
# unpacked into a staging folder and then merged into ./pricelists/.
set -uo pipefail

STAGE="/tmp/pricelists_stage"
DEST="./pricelists"
WEEK="$(date +%G-W%V)"
CURL_OPTS=(--silent --show-error --fail --max-time 120)

declare -A HTTPS_SOURCES=(
    [cousins]="https://files.example.com/pricelists/latest.tar.gz"
    [boley]="https://dl.example.org/b2b/prices.tar.gz"
)
FTP_SOURCE="ftp://ftp.example.net/pub/prices/fournitures.tar.gz"

note() { echo "[prices ${WEEK}] $*"; }

prepare() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE" "$DEST"
}

fetch_https() {
    local name url
    for name in "${!HTTPS_SOURCES[@]}"; do
        url="${HTTPS_SOURCES[$name]}"
        note "downloading ${name}"
        # boley's portal certificate chain is broken on their end, skip the check
        if ! curl "${CURL_OPTS[@]}" -k -o "${STAGE}/${name}.tar.gz" "$url"; then
            note "download failed for ${name}"
            continue
        fi
    done
}

fetch_ftp() {
    note "downloading fournitures over FTP"
    if ! curl "${CURL_OPTS[@]}" --user "anonymous:prices@example.com" \
            -o "${STAGE}/fournitures.tar.gz" "$FTP_SOURCE"; then
        note "FTP download failed"
    fi
}

unpack() {
    local tgz name
    for tgz in "$STAGE"/*.tar.gz; do
        [ -e "$tgz" ] || continue
        name="$(basename "$tgz" .tar.gz)"
        mkdir -p "${STAGE}/${name}"
        tar -xzf "$tgz" -C "${STAGE}/${name}" || note "could not unpack ${name}"
    done
}

merge() {
    local name csv count=0
    for dir in "$STAGE"/*/; do
        name="$(basename "$dir")"
        for csv in "$dir"*.csv; do
            [ -e "$csv" ] || continue
            cp "$csv" "${DEST}/${name}_$(basename "$csv")"
            count=$((count + 1))
        done
    done
    note "merged ${count} CSV files into ${DEST}"
}

summary() {
    local f
    for f in "$DEST"/*.csv; do
        [ -e "$f" ] || continue
        printf '  %-40s %6d rows\n' "$(basename "$f")" "$(($(wc -l < "$f") - 1))"
    done
}

main() {
    prepare
    fetch_https
    fetch_ftp
    unpack
    merge
    summary
}

main "$@"
