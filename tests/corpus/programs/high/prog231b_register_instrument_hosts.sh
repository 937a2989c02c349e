#!/usr/bin/env bash
# register_instrument_hosts.sh
#
# The instrument subnet has no internal DNS, so every analysis PC needs the
# instrument controllers listed in /etc/hosts.  This script reads the
# facility's host list (instrument_hosts.tsv in the working directory) and
# adds or updates the entries between marker lines in /etc/hosts.
#
# Usage: ./register_instrument_hosts.sh [-f instrument_hosts.tsv] [-n] [-r]
#   -n  dry run (show the block that would be written)
#   -r  remove the managed block instead of writing it

set -euo pipefail

HOSTS_LIST="./instrument_hosts.tsv"
HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# BEGIN chem-instruments (managed)"
END_MARK="# END chem-instruments (managed)"
DRY_RUN=0
REMOVE=0

log() { echo "$(date '+%F %T') [hosts] $*" >&2; }

while getopts ":f:nrh" opt; do
    case "$opt" in
        f) HOSTS_LIST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        r) REMOVE=1 ;;
        h|*) sed -n '2,12p' "$0"; exit 0 ;;
    esac
done

valid_ip() {
    local ip="$1"
    [[ "$ip" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]] || return 1
    local IFS=.
    for octet in $ip; do
        [ "$octet" -le 255 ] || return 1
    done
}

build_block() {
    echo "$BEGIN_MARK"
    local ip name alias count=0
    while IFS=$'\t' read -r ip name alias; do
        [ -z "$ip" ] && continue
        case "$ip" in \#*) continue ;; esac
        if ! valid_ip "$ip"; then
            log "skipping invalid address '$ip' for $name"
            continue
        fi
        printf '%s\t%s %s\n' "$ip" "$name" "${alias:-}"
        count=$((count + 1))
    done < "$HOSTS_LIST"
    echo "$END_MARK"
    log "$count instrument entries prepared"
}

strip_block() {
    # print /etc/hosts without the managed block
    sed "/^${BEGIN_MARK}\$/,/^${END_MARK}\$/d" "$HOSTS_FILE"
}

install_hosts() {
    local new_content="$1"
    local stamp
    stamp=$(date +%Y%m%d%H%M%S)
    sudo cp -p "$HOSTS_FILE" "${HOSTS_FILE}.chem-${stamp}.bak"
    log "backup written to ${HOSTS_FILE}.chem-${stamp}.bak"
    printf '%s\n' "$new_content" | sudo tee "$HOSTS_FILE" >/dev/null
    sudo chmod 644 "$HOSTS_FILE"
    log "$HOSTS_FILE updated"
}

main() {
    if [ "$REMOVE" -eq 0 ] && [ ! -f "$HOSTS_LIST" ]; then
        log "host list $HOSTS_LIST not found"
        exit 1
    fi

    local base block
    base=$(strip_block)
    if [ "$REMOVE" -eq 1 ]; then
        block=""
    else
        block=$(build_block)
    fi

    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run - managed block:"
        printf '%s\n' "$block"
        exit 0
    fi

    if [ -n "$block" ]; then
        install_hosts "$(printf '%s\n%s' "$base" "$block")"
    else
        install_hosts "$base"
    fi

    for name in $(awk -F'\t' '!/^#/ && NF>1 {print $2}' "$HOSTS_LIST" 2>/dev/null); do
        getent hosts "$name" >/dev/null && log "resolves: $name" || log "NOT resolving: $name"
    done
}

main
