#!/usr/bin/env bash
# precinct_support_check.sh - verify a poll-site laptop can reach the county
# IT support relay before polls open.
#
# Reads ./support.conf (KEY=VALUE lines), checks the relay's HTTPS health
# endpoint and the expiry of its TLS certificate, and appends one status
# line per run to ./support_status.log so the rover techs can review it.
#
# usage: precinct_support_check.sh [-c support.conf] [-r retries] [-q]

set -euo pipefail

CONF="./support.conf"
RETRIES=3
QUIET=0
STATUS_LOG="./support_status.log"

SUPPORT_HOST="relay.precinct-it.example.net"
SUPPORT_PORT="8443"
SUPPORT_PATH="/health"
PRECINCT_ID="UNSET"
CERT_WARN_DAYS=14

log() {
    local ts
    ts=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    [[ $QUIET -eq 1 ]] || printf '%s %s\n' "$ts" "$*" >&2
}

die() { log "ERROR: $*"; exit 1; }

load_conf() {
    local file=$1 key val
    [[ -r $file ]] || { log "no $file, using defaults"; return 0; }
    while IFS='=' read -r key val; do
        key=${key//[[:space:]]/}
        [[ -z $key || $key == \#* ]] && continue
        val=${val%\"}; val=${val#\"}
        case $key in
            SUPPORT_HOST|SUPPORT_PORT|SUPPORT_PATH|PRECINCT_ID|CERT_WARN_DAYS)
                printf -v "$key" '%s' "$val" ;;
            *) log "ignoring unknown key $key" ;;
        esac
    done < "$file"
}

preflight() {
    for bin in curl openssl date; do
        command -v "$bin" >/dev/null 2>&1 || die "missing $bin"
    done
    [[ $SUPPORT_PORT =~ ^[0-9]+$ ]] || die "bad port $SUPPORT_PORT"
}

check_http() {
    local url="https://${SUPPORT_HOST}:${SUPPORT_PORT}${SUPPORT_PATH}"
    curl -sS -o /dev/null -w '%{http_code}' --max-time 10 \
        -H "X-Precinct: ${PRECINCT_ID}" "$url" 2>/dev/null || echo "000"
}

cert_days_left() {
    local end end_s now_s
    end=$(openssl s_client -connect "${SUPPORT_HOST}:${SUPPORT_PORT}" \
            -servername "$SUPPORT_HOST" </dev/null 2>/dev/null \
          | openssl x509 -noout -enddate 2>/dev/null | cut -d= -f2) || true
    [[ -n $end ]] || { echo "-1"; return; }
    end_s=$(date -d "$end" +%s)
    now_s=$(date +%s)
    echo $(( (end_s - now_s) / 86400 ))
}

main() {
    while getopts ":c:r:q" opt; do
        case $opt in
            c) CONF=$OPTARG ;;
            r) RETRIES=$OPTARG ;;
            q) QUIET=1 ;;
            *) die "usage: $0 [-c conf] [-r retries] [-q]" ;;
        esac
    done

    load_conf "$CONF"
    preflight
    log "checking relay ${SUPPORT_HOST}:${SUPPORT_PORT} for precinct ${PRECINCT_ID}"

    local attempt=1 code="000" delay=5
    while (( attempt <= RETRIES )); do
        code=$(check_http)
        [[ $code == 200 ]] && break
        log "attempt ${attempt}/${RETRIES}: HTTP ${code}, retrying in ${delay}s"
        sleep "$delay"
        delay=$(( delay * 2 ))
        attempt=$(( attempt + 1 ))
    done

    local days status="OK"
    days=$(cert_days_left)
    if [[ $code != 200 ]]; then
        status="UNREACHABLE"
    elif (( days < 0 )); then
        status="CERT_UNKNOWN"
    elif (( days < CERT_WARN_DAYS )); then
        status="CERT_EXPIRING"
    fi

    printf '%s\t%s\t%s\thttp=%s\tcert_days=%s\t%s\n' \
        "$(date -u +%FT%TZ)" "$PRECINCT_ID" "$(hostname)" "$code" "$days" "$status" \
        >> "$STATUS_LOG"
    log "status ${status} (http=${code}, cert_days=${days})"
    [[ $status == OK ]]
}

main "$@"
