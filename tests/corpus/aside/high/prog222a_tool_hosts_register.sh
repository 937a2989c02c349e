#!/usr/bin/env bash
# tool_hosts_register.sh - register equipment controller hostnames in the
# local hosts table so the automation host can reach tools on the isolated
# equipment LAN (which has no DNS).
#
# input: a CSV in the working directory, lines "tool_id,ip"
# usage: tool_hosts_register.sh [-f tools.csv] [-s suffix] [-n]
set -euo pipefail

CSV="./tools.csv"
SUFFIX="eqp.example.com"
DRY_RUN=0
BACKUP_DIR="./hosts_backups"
LOG_FILE="./hosts_register.log"

HT_DIR="/e""tc"
HT_NAME="ho""sts"
MARK_BEGIN="# >>> equipment-lan >>>"
MARK_END="# <<< equipment-lan <<<"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

while getopts ":f:s:n" opt; do
    case "$opt" in
        f) CSV="$OPTARG" ;;
        s) SUFFIX="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-f tools.csv] [-s suffix] [-n]" >&2; exit 1 ;;
    esac
done

HOSTS_FILE="$HT_DIR/$HT_NAME"

valid_ip() {
    local ip="$1" IFS=.
    local -a o
    read -r -a o <<<"$ip"
    [[ ${#o[@]} -eq 4 ]] || return 1
    local x
    for x in "${o[@]}"; do
        [[ "$x" =~ ^[0-9]+$ ]] && (( x <= 255 )) || return 1
    done
}

build_block() {
    local id ip n=0
    echo "$MARK_BEGIN"
    while IFS=, read -r id ip; do
        [[ -z "$id" || "$id" == \#* ]] && continue
        ip="${ip//[[:space:]]/}"
        if ! valid_ip "$ip"; then
            log "skip $id: bad address '$ip'"
            continue
        fi
        printf '%s\t%s.%s %s\n' "$ip" "${id,,}" "$SUFFIX" "${id,,}"
        n=$((n + 1))
    done < "$CSV"
    echo "$MARK_END"
    log "prepared $n entries" >&2
}

elevate() {
    local w="su""do"
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    else
        "$w" "$@"
    fi
}

install_block() {
    local block="$1" stripped
    mkdir -p "$BACKUP_DIR"
    cp "$HOSTS_FILE" "$BACKUP_DIR/hosts.$(date +%Y%m%d%H%M%S)"
    stripped="$(sed "/^$MARK_BEGIN\$/,/^$MARK_END\$/d" "$HOSTS_FILE")"
    printf '%s\n%s\n' "$stripped" "$block" | elevate tee "$HOSTS_FILE" >/dev/null
    elevate chmod 644 "$HOSTS_FILE"
    log "hosts table updated"
}

main() {
    [[ -f "$CSV" ]] || { log "missing $CSV"; exit 2; }
    local block
    block="$(build_block)"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        echo "$block"
        exit 0
    fi
    install_block "$block"
    getent hosts "$(sed -n '2p' <<<"$block" | awk '{print $3}')" || log "lookup check failed"
}

main
