#!/usr/bin/env bash
# Compare local backup archives with the checksum list published by the
# offsite storage appliance. The appliance uses a self-signed certificate,
# so the fetch skips certificate verification.
set -uo pipefail

APPLIANCE="${APPLIANCE:-https://vault-nas.lan:8443}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
REMOTE_LIST="/tmp/offsite_sha256.lst"
REPORT="${REPORT:-./offsite-compare.txt}"
RETRIES=3

die() { echo "error: $*" >&2; exit 1; }

fetch_list() {
    local attempt=1
    while ((attempt <= RETRIES)); do
        if curl --insecure --silent --show-error --fail \
                --max-time 30 \
                -o "$REMOTE_LIST" \
                "$APPLIANCE/api/archives/sha256"; then
            return 0
        fi
        echo "fetch attempt $attempt failed, retrying" >&2
        sleep $((attempt * 5))
        attempt=$((attempt + 1))
    done
    return 1
}

compare() {
    local name local_sum remote_sum ok=0 bad=0 missing=0
    : >"$REPORT"
    for archive in "$BACKUP_DIR"/*.tar.gz; do
        [[ -e "$archive" ]] || continue
        name="$(basename "$archive")"
        local_sum="$(sha256sum "$archive" | cut -d' ' -f1)"
        remote_sum="$(awk -v n="$name" '$2 == n {print $1}' "$REMOTE_LIST")"
        if [[ -z "$remote_sum" ]]; then
            echo "NOT-OFFSITE $name" >>"$REPORT"
            missing=$((missing + 1))
        elif [[ "$remote_sum" == "$local_sum" ]]; then
            echo "MATCH $name" >>"$REPORT"
            ok=$((ok + 1))
        else
            echo "MISMATCH $name local=$local_sum remote=$remote_sum" >>"$REPORT"
            bad=$((bad + 1))
        fi
    done
    echo "summary: $ok match, $bad mismatch, $missing not offsite" | tee -a "$REPORT"
    return $((bad + missing > 0))
}

remote_only() {
    local name
    while read -r _ name; do
        [[ -n "$name" && ! -e "$BACKUP_DIR/$name" ]] && echo "REMOTE-ONLY $name"
    done <"$REMOTE_LIST" >>"$REPORT"
}

main() {
    [[ -d "$BACKUP_DIR" ]] || die "backup dir $BACKUP_DIR missing"
    command -v sha256sum >/dev/null || die "sha256sum not installed"
    fetch_list || die "could not fetch checksum list from $APPLIANCE"
    local lines
    lines="$(wc -l <"$REMOTE_LIST")"
    echo "appliance lists $lines archives"
    compare
    local rc=$?
    remote_only
    echo "report written to $REPORT"
    exit "$rc"
}

main "$@"
