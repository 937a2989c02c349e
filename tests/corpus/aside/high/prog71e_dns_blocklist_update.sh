#!/usr/bin/env bash
# dns_blocklist_update.sh - refresh the ad/tracker blocklist served by the
# home dnsmasq resolver (the one the TV, speakers and kids' tablets use).
#
#   dns_blocklist_update.sh [-s sources.list] [-a allow.list] [-n]
#
# sources.list: one URL per line (hosts format or plain domain lists).
# allow.list:   domains that must never be blocked.

set -euo pipefail

SOURCES="./sources.list"
ALLOW="./allow.list"
WORK="/tmp/dns-blocklist"
OUT_NAME="blocklist.hosts"
TARGET="/etc/dnsmasq.d/blocklist.hosts"
DNSMASQ_CONF="/etc/dnsmasq.d/10-blocklist.conf"
DRY_RUN=0

say() { printf '[blocklist] %s\n' "$*"; }
err() { printf '[blocklist] error: %s\n' "$*" >&2; }

while getopts ':s:a:nh' o; do
    case "$o" in
        s) SOURCES="$OPTARG" ;;
        a) ALLOW="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
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

install_list() {
    local new="$1"
    if sudo cmp -s "$new" "$TARGET" 2>/dev/null; then
        say "blocklist unchanged"
        return 0
    fi
    sudo install -m 0644 -o root -g root "$new" "$TARGET"
    if ! sudo test -f "$DNSMASQ_CONF"; then
        echo "addn-hosts=$TARGET" | sudo tee "$DNSMASQ_CONF" >/dev/null
        say "created $DNSMASQ_CONF"
    fi
    sudo systemctl reload-or-restart dnsmasq.service
    say "dnsmasq reloaded"
}

download_all
count_before=$(normalise | wc -l)
normalise | apply_allow | sed 's/^/0.0.0.0 /' > "$WORK/$OUT_NAME"
count=$(wc -l < "$WORK/$OUT_NAME")
say "$count domains ($((count_before - count)) removed by allow list)"

if (( count < 1000 )); then
    err "suspiciously small list ($count), not installing"
    exit 1
fi

if (( DRY_RUN )); then
    say "dry run, list left in $WORK/$OUT_NAME"
    exit 0
fi

install_list "$WORK/$OUT_NAME"
