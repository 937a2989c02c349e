#!/bin/sh
# Sweep a directory of collected evidence against the SOC's known-bad hash list.
#
# The list is served by the internal intel appliance, which still uses a
# self-signed certificate, so certificate checks are disabled for that call.
#
#   ioc_hash_sweep.sh [EVIDENCE_DIR] [REPORT_FILE]

set -eu

INTEL_URL="${INTEL_URL:-https://intel-appliance.soc.internal/export/sha256_bad.txt}"
EVIDENCE_DIR="${1:-./evidence}"
REPORT_FILE="${2:-./ioc_sweep_report.tsv}"
WORK="/tmp/ioc_sweep"
HASHLIST="$WORK/bad_hashes.txt"
LOCAL_HASHES="$WORK/evidence_hashes.txt"
MAX_AGE_MIN=60

log() {
    echo "[$(date '+%H:%M:%S')] $*" >&2
}

fetch_list() {
    if [ -f "$HASHLIST" ] && [ -n "$(find "$HASHLIST" -mmin -"$MAX_AGE_MIN" 2>/dev/null)" ]; then
        log "using cached hash list ($(wc -l < "$HASHLIST") entries)"
        return 0
    fi
    log "downloading hash list from $INTEL_URL"
    if ! curl -fsS -k --max-time 60 -o "$HASHLIST.new" "$INTEL_URL"; then
        log "download failed"
        [ -f "$HASHLIST" ] && { log "falling back to stale list"; return 0; }
        return 1
    fi
    # keep only lines that look like sha256 digests, lower-cased
    tr 'A-F' 'a-f' < "$HASHLIST.new" | grep -E '^[0-9a-f]{64}' | cut -c1-64 | sort -u > "$HASHLIST"
    rm -f "$HASHLIST.new"
    log "hash list has $(wc -l < "$HASHLIST") entries"
}

hash_evidence() {
    log "hashing files under $EVIDENCE_DIR"
    : > "$LOCAL_HASHES"
    find "$EVIDENCE_DIR" -type f -size -512M -print | while IFS= read -r f; do
        sha256sum -- "$f" >> "$LOCAL_HASHES" || log "unreadable: $f"
    done
    log "$(wc -l < "$LOCAL_HASHES") files hashed"
}

compare() {
    printf 'sha256\tpath\n' > "$REPORT_FILE"
    hits=0
    while read -r digest path; do
        if grep -qx "$digest" "$HASHLIST"; then
            printf '%s\t%s\n' "$digest" "$path" >> "$REPORT_FILE"
            hits=$((hits + 1))
        fi
    done < "$LOCAL_HASHES"
    echo "$hits"
}

[ -d "$EVIDENCE_DIR" ] || { log "no evidence directory $EVIDENCE_DIR"; exit 2; }
command -v sha256sum >/dev/null 2>&1 || { log "sha256sum missing"; exit 2; }
mkdir -p "$WORK"

fetch_list || exit 3
hash_evidence
HITS=$(compare)

if [ "$HITS" -gt 0 ]; then
    log "$HITS known-bad files found, see $REPORT_FILE"
    exit 1
fi
log "no known-bad files"
exit 0
