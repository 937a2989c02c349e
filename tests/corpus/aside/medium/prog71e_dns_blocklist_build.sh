#!/usr/bin/env bash
# dns_blocklist_build.sh - build the ad/tracker blocklist for the home
# dnsmasq resolver (the one the TV, speakers and kids' tablets use) and
# leave it in the current directory for the router sync job to pick up.
#
#   dns_blocklist_build.sh [-s sources.list] [-a allow.list] [-o out.hosts]
#
# sources.list: one URL per line (hosts format or plain domain lists).
# allow.list:   domains that must never be blocked.

set -euo pipefail

SOURCES="./sources.list"
ALLOW="./allow.list"
WORK="/tmp/dns-blocklist"
OUT="./blocklist.hosts"

say() { printf '[blocklist] %s\n' "$*"; }
err() { printf '[blocklist] error: %s\n' "$*" >&2; }

while getopts ':s:a:o:h' o; do
    case "$o" in
        s) SOURCES="$OPTARG" ;;
        a) ALLOW="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) err "bad option"; exit 1 ;;
    esac
done

[[ -f "$SOURCES" ]] || { err "$SOURCES not found"; exit 1; }

mkdir -p "$WORK/lists"
rm -f "$WORK"/lists/*

download_all() {
    local i=0 url
    while read -r url; do
        [[ -z "$url" || "$url" == \#* ]] && continue
        i=$((i + 1))
        if wget -q --tries=3 --timeout=30 -O "$WORK/lists/$i.txt" "$url"; then
            say "fetched $url ($(wc -l < "$WORK/lists/$i.txt") lines)"
        else
            err "could not fetch $url, skipping"
            rm -f "$WORK/lists/$i.txt"
        fi
    done < "$SOURCES"
}

normalise() {
    # accept "0.0.0.0 host", "127.0.0.1 host" and bare "host" lines
    cat "$WORK"/lists/*.txt 2>/dev/null \
        | tr -d '\r' \
        | sed -e 's/#.*//' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' \
        | awk 'NF==1 {print tolower($1)} NF>=2 && ($1=="0.0.0.0" || $1=="127.0.0.1") {print tolower($2)}' \
        | grep -E '^[a-z0-9._-]+\.[a-z]{2,}$' \
        | grep -vxF -e localhost -e localhost.localdomain \
        | sort -u
}

apply_allow() {
    if [[ -f "$ALLOW" ]]; then
        grep -vxF -f <(sed -e 's/#.*//' -e '/^$/d' "$ALLOW")
    else
        cat
    fi
}

publish() {
    local new="$1"
    if cmp -s "$new" "$OUT" 2>/dev/null; then
        say "blocklist unchanged"
        return 0
    fi
    [[ -f "$OUT" ]] && cp -p "$OUT" "$OUT.prev"
    cp "$new" "$OUT"
    sha256sum "$OUT" > "$OUT.sha256"
    say "wrote $OUT"
}

download_all
count_before=$(normalise | wc -l)
normalise | apply_allow | sed 's/^/0.0.0.0 /' > "$WORK/blocklist.hosts"
count=$(wc -l < "$WORK/blocklist.hosts")
say "$count domains ($((count_before - count)) removed by allow list)"

if (( count < 1000 )); then
    err "suspiciously small list ($count), not publishing"
    exit 1
fi

publish "$WORK/blocklist.hosts"
