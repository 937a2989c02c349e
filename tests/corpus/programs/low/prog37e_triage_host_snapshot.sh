#!/usr/bin/env bash
# triage_host_snapshot.sh - lightweight, unprivileged first-look collector.
#
# Records basic platform facts and hashes the files an analyst dropped into
# ./evidence, then compares those hashes to the lab's published IOC hash list.
# Everything is written below the current working directory.

set -euo pipefail

IOC_URL="${IOC_URL:-https://intel.seclab.example.org/feeds/sha256-latest.txt}"
EVIDENCE_DIR="${EVIDENCE_DIR:-./evidence}"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
OUT_DIR="./triage-$(hostname -s 2>/dev/null || echo host)-${STAMP}"
VERBOSE=0

usage() {
    cat <<EOF
Usage: $0 [-e evidence_dir] [-o out_dir] [-v]
  -e DIR   folder with files to hash (default: ${EVIDENCE_DIR})
  -o DIR   output folder (default: ${OUT_DIR})
  -v       verbose
EOF
}

log() { printf '%s [triage] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
debug() { [ "$VERBOSE" -eq 1 ] && log "debug: $*" || true; }

while getopts ":e:o:vh" opt; do
    case "$opt" in
        e) EVIDENCE_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$OUT_DIR" in
    /*) log "output must be relative to the working directory"; exit 2 ;;
esac

mkdir -p "$OUT_DIR"
umask 077

platform_facts() {
    local f="$OUT_DIR/platform.txt"
    {
        echo "== os-release =="
        cat /etc/os-release 2>/dev/null || echo "n/a"
        echo
        echo "== cpu =="
        grep -m1 'model name' /proc/cpuinfo 2>/dev/null || true
        printf 'cores: %s\n' "$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo ?)"
        echo
        echo "== memory =="
        grep -E '^(MemTotal|MemAvailable):' /proc/meminfo 2>/dev/null || true
        echo
        echo "== uptime (s) =="
        cut -d' ' -f1 /proc/uptime 2>/dev/null || true
    } > "$f"
    chmod 0600 "$f"
    debug "platform facts in $f"
}

hash_evidence() {
    local manifest="$OUT_DIR/evidence.sha256"
    : > "$manifest"
    if [ ! -d "$EVIDENCE_DIR" ]; then
        log "no evidence folder ($EVIDENCE_DIR), skipping hashes"
        return 0
    fi
    local count=0
    while IFS= read -r -d '' file; do
        sha256sum "$file" >> "$manifest"
        count=$((count + 1))
    done < <(find "$EVIDENCE_DIR" -type f -print0)
    chmod 0600 "$manifest"
    log "hashed $count evidence files"
}

fetch_iocs() {
    local dest="$OUT_DIR/ioc-hashes.txt"
    if curl -fsS --max-time 20 -o "$dest" "$IOC_URL"; then
        debug "ioc list: $(wc -l < "$dest") lines"
    else
        log "could not fetch IOC list; continuing offline"
        : > "$dest"
    fi
}

match_iocs() {
    local hits="$OUT_DIR/ioc-hits.txt"
    if [ -s "$OUT_DIR/ioc-hashes.txt" ] && [ -s "$OUT_DIR/evidence.sha256" ]; then
        awk 'NR==FNR { bad[tolower($1)] = 1; next } (tolower($1) in bad) { print $2 }' \
            "$OUT_DIR/ioc-hashes.txt" "$OUT_DIR/evidence.sha256" > "$hits" || true
    else
        : > "$hits"
    fi
    chmod 0600 "$hits"
    local n
    n=$(wc -l < "$hits")
    if [ "$n" -gt 0 ]; then
        log "ALERT: $n evidence file(s) match known-bad hashes (see $hits)"
    else
        log "no IOC matches"
    fi
}

platform_facts
hash_evidence
fetch_iocs
match_iocs
log "snapshot complete: $OUT_DIR"
