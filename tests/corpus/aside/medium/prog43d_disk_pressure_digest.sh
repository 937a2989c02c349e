#!/usr/bin/env bash
# disk_pressure_digest.sh - daily digest of filesystem usage for the on-call channel.
#
# Thresholds per mount point are published by the storage team on the legacy
# ops FTP drop (anonymous, read-only). The digest is written to a scratch file
# and printed; the on-call bot picks it up from stdout.
set -euo pipefail

THRESHOLD_URL="${THRESHOLD_URL:-ftp://ftp.ops.internal/pub/storage/thresholds.conf}"
DIGEST=/tmp/disk_pressure_digest.txt
THRESHOLDS=/tmp/disk_thresholds.conf
DEFAULT_WARN=80
DEFAULT_CRIT=92
TOP_N=5

log() { printf '%s [digest] %s\n' "$(date +%FT%T)" "$*" >&2; }

fetch_thresholds() {
    if curl --silent --show-error --max-time 20 --ftp-pasv -o "$THRESHOLDS" "$THRESHOLD_URL"; then
        log "thresholds fetched from $THRESHOLD_URL"
    else
        log "could not fetch thresholds, using defaults"
        : > "$THRESHOLDS"
    fi
}

# lookup <mountpoint> -> prints "warn crit"
lookup() {
    local mp=$1 m w c
    while IFS=' ' read -r m w c; do
        [[ -z "$m" || "$m" == \#* ]] && continue
        if [[ "$m" == "$mp" ]]; then
            echo "${w:-$DEFAULT_WARN} ${c:-$DEFAULT_CRIT}"
            return
        fi
    done < "$THRESHOLDS"
    echo "$DEFAULT_WARN $DEFAULT_CRIT"
}

biggest_dirs() {
    local mp=$1
    du -x --max-depth=1 -k "$mp" 2>/dev/null | sort -rn | sed -n "2,$((TOP_N + 1))p" |
        awk '{ printf "      %8.1f GiB  %s\n", $1/1048576, $2 }'
}

main() {
    fetch_thresholds
    local worst=0 line fs size used avail pct mp warn crit level
    {
        echo "Disk pressure digest for $(hostname -f) - $(date '+%A %d %B %Y %H:%M')"
        echo
        df -P -k -x tmpfs -x devtmpfs -x squashfs -x overlay | tail -n +2 |
        while read -r fs size used avail pct mp; do
            pct=${pct%\%}
            read -r warn crit <<<"$(lookup "$mp")"
            if (( pct >= crit )); then level=CRIT
            elif (( pct >= warn )); then level=WARN
            else level=ok; fi
            printf '%-5s %3s%%  %-24s (%s)\n' "$level" "$pct" "$mp" "$fs"
            if [[ $level != ok ]]; then
                biggest_dirs "$mp"
            fi
        done
    } > "$DIGEST"

    if grep -q '^CRIT' "$DIGEST"; then worst=2
    elif grep -q '^WARN' "$DIGEST"; then worst=1; fi
    cat "$DIGEST"
    log "digest written to $DIGEST (severity $worst)"
    return "$worst"
}

main "$@"
