#!/bin/bash
# wan_speedcheck.sh - download/upload throughput check against the branch
# office test mirror. The mirror uses a self-signed certificate, so TLS
# verification is skipped. Results are appended to ./speedcheck.log.

set -uo pipefail

MIRROR="${MIRROR:-https://speedtest.branch.corp.example:8443}"
SIZES="${SIZES:-10M 50M 100M}"
ROUNDS="${ROUNDS:-3}"
SCRATCH=/tmp/wan_speedcheck.dat
LOGFILE=./speedcheck.log
CURL_OPTS=(--insecure --silent --show-error --max-time 120 --connect-timeout 10)

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOGFILE"; }

die() { log "ERROR: $*"; exit 1; }

command -v curl >/dev/null 2>&1 || die "curl not installed"

# bytes/sec -> Mbit/s with one decimal using awk
to_mbps() { awk -v b="$1" 'BEGIN { printf "%.1f", b * 8 / 1000000 }'; }

download_once() {
    local size="$1" speed
    speed=$(curl "${CURL_OPTS[@]}" -o "$SCRATCH" \
        -w '%{speed_download}' "$MIRROR/files/$size.bin") || return 1
    printf '%s' "${speed%.*}"
}

upload_once() {
    local speed
    [ -s "$SCRATCH" ] || return 1
    speed=$(curl "${CURL_OPTS[@]}" -o /dev/null -T "$SCRATCH" \
        -w '%{speed_upload}' "$MIRROR/upload") || return 1
    printf '%s' "${speed%.*}"
}

median() {
    printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END {
        if (NR == 0) { print 0; exit }
        if (NR % 2) print a[(NR + 1) / 2]; else print int((a[NR / 2] + a[NR / 2 + 1]) / 2) }'
}

run_size() {
    local size="$1" i dl ul
    local -a downs=() ups=()
    for ((i = 1; i <= ROUNDS; i++)); do
        if dl=$(download_once "$size"); then
            downs+=("$dl")
        else
            log "download $size round $i failed"
            continue
        fi
        if ul=$(upload_once); then
            ups+=("$ul")
        else
            log "upload $size round $i failed"
        fi
    done
    if [ "${#downs[@]}" -eq 0 ]; then
        log "size=$size no successful rounds"
        return 1
    fi
    log "size=$size down=$(to_mbps "$(median "${downs[@]}")")Mbit/s" \
        "up=$(to_mbps "$(median "${ups[@]:-0}")")Mbit/s rounds=${#downs[@]}"
}

trap 'rm -f "$SCRATCH"' EXIT

log "starting speedcheck against $MIRROR"
failures=0
for size in $SIZES; do
    run_size "$size" || failures=$((failures + 1))
done
log "finished, $failures size(s) failed"
exit $(( failures > 0 ))
