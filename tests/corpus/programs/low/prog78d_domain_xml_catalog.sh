#!/usr/bin/env bash
# domain_xml_catalog.sh - build a catalog of exported libvirt domain XMLs
#
# The nightly export job drops `virsh dumpxml` output for every desktop
# into ./domains/. This script summarises them into catalog.tsv (name,
# vCPUs, memory, disks, NICs, checksum) so image owners can spot drift
# between desktops of the same flavour without logging into hypervisors.
#
# usage: domain_xml_catalog.sh [-d domains_dir] [-o catalog.tsv] [-c]
#   -c   remove the per-file cache before running

set -euo pipefail

SRC_DIR="./domains"
OUT="catalog.tsv"
CACHE_DIR="./.catalog-cache"
CLEAN=0

log() { echo "catalog: $*" >&2; }

while getopts "d:o:ch" opt; do
    case "$opt" in
        d) SRC_DIR="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        c) CLEAN=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

[ -d "$SRC_DIR" ] || { log "no such directory: $SRC_DIR"; exit 1; }
if [ "$CLEAN" -eq 1 ]; then
    rm -rf "$CACHE_DIR"
    log "cache removed"
fi
mkdir -p "$CACHE_DIR"

# first match of a simple <tag ...>value</tag> element
xml_value() {
    sed -n "s:.*<$1[^>]*>\([^<]*\)</$1>.*:\1:p" "$2" | head -n1
}

memory_mib() {
    local line unit value
    line=$(grep -m1 -o "<memory[^>]*>[0-9]*</memory>" "$1" || true)
    value=$(echo "$line" | sed 's/.*>\([0-9]*\)<.*/\1/')
    unit=$(echo "$line" | sed -n "s/.*unit=['\"]\([A-Za-z]*\)['\"].*/\1/p")
    case "${unit:-KiB}" in
        KiB|k) echo $(( value / 1024 )) ;;
        MiB|M) echo "$value" ;;
        GiB|G) echo $(( value * 1024 )) ;;
        *) echo "?" ;;
    esac
}

disk_list() {
    grep -o "<source file=['\"][^'\"]*['\"]" "$1" \
        | sed "s/.*=['\"]\(.*\)['\"]/\1/" | xargs -r -n1 basename | paste -sd, -
}

nic_count() {
    grep -c "<interface " "$1" || true
}

summarise() {
    local f="$1" sum cache
    sum=$(sha256sum "$f" | cut -c1-16)
    cache="$CACHE_DIR/$sum.row"
    if [ -f "$cache" ]; then
        cat "$cache"
        return
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' \
        "$(xml_value name "$f")" \
        "$(xml_value vcpu "$f")" \
        "$(memory_mib "$f")" \
        "$(disk_list "$f")" \
        "$(nic_count "$f")" \
        "$sum" | tee "$cache"
}

count=0
{
    printf 'name\tvcpus\tmem_mib\tdisks\tnics\tsha256\n'
    for f in "$SRC_DIR"/*.xml; do
        [ -e "$f" ] || continue
        summarise "$f"
        count=$((count + 1))
    done
} > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
log "$count domain(s) written to $OUT"

# flag desktops whose hardware differs from the most common shape
awk -F'\t' 'NR>1 {shape[$2"/"$3]++; row[NR]=$1"\t"$2"/"$3}
    END {for (s in shape) if (shape[s] > best) {best=shape[s]; common=s}
         for (r in row) {split(row[r], p, "\t"); if (p[2] != common) print "drift: " p[1] " (" p[2] " vs " common ")"}}' \
    "$OUT" >&2
