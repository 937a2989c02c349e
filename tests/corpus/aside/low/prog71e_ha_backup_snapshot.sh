#!/usr/bin/env bash
# ha_backup_snapshot.sh - snapshot a Home Assistant config directory and keep
# the last N archives.
#
#   ha_backup_snapshot.sh [-c CONFIG_DIR] [-d DEST] [-k KEEP] [-n]
#
# Defaults come from ./ha_backup.conf if present.

set -euo pipefail

SELF="$(readlink -f "$0")"
CONF_FILE="${HA_BACKUP_CONF:-./ha_backup.conf}"

CONFIG_DIR="$HOME/.homeassistant"
DEST="./backups"
KEEP=14
DRY_RUN=0

log() { printf '%s [ha-backup] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

load_conf() {
    [[ -f "$CONF_FILE" ]] || return 0
    log "reading $CONF_FILE"
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" =~ ^# ]] && continue
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            config_dir) CONFIG_DIR="$value" ;;
            dest)       DEST="$value" ;;
            keep)       KEEP="$value" ;;
            *) log "unknown key '$key' in $CONF_FILE" ;;
        esac
    done < "$CONF_FILE"
}

usage() {
    sed -n '2,8p' "$SELF" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

make_archive() {
    local stamp archive
    stamp="$(date +%Y%m%d-%H%M%S)"
    archive="$DEST/ha-config-$stamp.tar.gz"
    mkdir -p "$DEST"
    if (( DRY_RUN )); then
        log "would write $archive"
        return 0
    fi
    tar -C "$CONFIG_DIR" \
        --exclude='home-assistant_v2.db*' \
        --exclude='*.log' --exclude='*.log.*' \
        --exclude='tts' --exclude='.cloud' \
        -czf "$archive.partial" .
    mv "$archive.partial" "$archive"
    chmod 600 "$archive"
    log "wrote $archive ($(du -h "$archive" | cut -f1))"
}

prune_old() {
    local count=0
    while IFS= read -r old; do
        count=$((count + 1))
        if (( count > KEEP )); then
            if (( DRY_RUN )); then
                log "would remove $old"
            else
                rm -f -- "$old"
                log "removed $old"
            fi
        fi
    done < <(ls -1t "$DEST"/ha-config-*.tar.gz 2>/dev/null || true)
}

report() {
    local n newest
    n="$(ls -1 "$DEST"/ha-config-*.tar.gz 2>/dev/null | wc -l)"
    newest="$(ls -1t "$DEST"/ha-config-*.tar.gz 2>/dev/null | head -n1 || true)"
    log "$n archive(s) in $DEST, newest: ${newest:-none}"
}

main() {
    load_conf
    while getopts ':c:d:k:nh' opt; do
        case "$opt" in
            c) CONFIG_DIR="$OPTARG" ;;
            d) DEST="$OPTARG" ;;
            k) KEEP="$OPTARG" ;;
            n) DRY_RUN=1 ;;
            h) usage 0 ;;
            *) usage 1 ;;
        esac
    done

    [[ -d "$CONFIG_DIR" ]] || die "config dir $CONFIG_DIR not found"
    [[ -f "$CONFIG_DIR/configuration.yaml" ]] || die "$CONFIG_DIR has no configuration.yaml"
    [[ "$KEEP" =~ ^[0-9]+$ ]] || die "keep must be a number"

    make_archive
    prune_old
    report
    log "done"
}

main "$@"
