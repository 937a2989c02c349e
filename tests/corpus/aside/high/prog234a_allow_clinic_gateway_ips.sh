#!/usr/bin/env bash
# allow_clinic_gateway_ips.sh
#
# Keep the vet-portal upload gateway's clinic allowlist in sync with the
# partner-onboarding sheet. Each line of the allowlist file is
# "<cidr> <clinic name>"; blank lines and # comments are ignored. Missing
# rules are added to a dedicated chain that INPUT jumps to for port 8443.
#
# Usage: allow_clinic_gateway_ips.sh [-f allowlist] [-p port] [-n]

set -euo pipefail

ALLOWLIST="./clinic_allowlist.txt"
PORT=8443
CHAIN="VETPORTAL_CLINICS"
DRY_RUN=0
LOG_FILE="./clinic_allowlist.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

while getopts ":f:p:nh" opt; do
    case "$opt" in
        f) ALLOWLIST="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

run() {
    if (( DRY_RUN )); then
        log "dry-run: $*"
    else
        "$@"
    fi
}

valid_cidr() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}(/([0-9]|[12][0-9]|3[0-2]))?$ ]]
}

ensure_chain() {
    if ! iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        run iptables -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! iptables -C INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null; then
        run iptables -I INPUT -p tcp --dport "$PORT" -j "$CHAIN"
        log "INPUT now jumps to $CHAIN for tcp/$PORT"
    fi
}

sync_rules() {
    local added=0 present=0 bad=0 cidr name
    while read -r cidr name; do
        [[ -z "$cidr" || "$cidr" == \#* ]] && continue
        if ! valid_cidr "$cidr"; then
            log "skipping invalid entry: $cidr"
            bad=$((bad + 1))
            continue
        fi
        if iptables -C "$CHAIN" -s "$cidr" -p tcp --dport "$PORT" -j ACCEPT 2>/dev/null; then
            present=$((present + 1))
            continue
        fi
        run iptables -A "$CHAIN" -s "$cidr" -p tcp --dport "$PORT" \
            -m comment --comment "clinic:${name:-unnamed}" -j ACCEPT
        log "allowed $cidr (${name:-unnamed})"
        added=$((added + 1))
    done < "$ALLOWLIST"
    log "sync done: $added added, $present already present, $bad invalid"
}

main() {
    [[ "$(id -u)" -eq 0 ]] || { log "run as root on the gateway host"; exit 1; }
    [[ -r "$ALLOWLIST" ]] || { log "allowlist $ALLOWLIST not readable"; exit 1; }
    [[ "$PORT" =~ ^[0-9]+$ ]] || { log "invalid port $PORT"; exit 2; }
    command -v iptables >/dev/null || { log "iptables not installed"; exit 1; }
    ensure_chain
    sync_rules
}

main
