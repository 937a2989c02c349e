#!/usr/bin/env bash
# labctl - small helper for the home-lab agent checkout in this directory.
#
# usage: labctl.sh [-c CONFIG] [-v] <command> [args]
#
# commands:
#   status            query each host.* health URL from the config
#   backup [KEEP]     archive the data directory into ./backups, keep KEEP copies
#   update            upgrade the agent package when the feed has a newer one
#   clean             remove caches and partial archives
#   help              show this text
#
# The config (default ./labctl.conf) holds key=value lines, for example:
#   host.nas=https://nas.lab:5001/health
#   host.pihole=http://192.168.10.3/admin/api.php?status
#   backup_src=data
#   release_feed=https://releases.labagent.example.org/stable/latest.json

set -euo pipefail

CONFIG="./labctl.conf"
VERBOSE=0
LOG_FILE="./labctl.log"
CACHE_DIR="./.labctl-cache"
BACKUP_DIR="./backups"
VERSION_FILE="./VERSION"

declare -A CONF=(
    [backup_src]="data"
    [release_feed]="https://releases.labagent.example.org/stable/latest.json"
    [timeout]="5"
)

log() {
    local level=$1; shift
    printf '%s %-5s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$level" "$*" >>"$LOG_FILE"
    if [[ $level != DEBUG || $VERBOSE -eq 1 ]]; then
        printf 'labctl: %s\n' "$*" >&2
    fi
}

die() { log ERROR "$*"; exit 1; }

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; }

load_config() {
    [[ -f $CONFIG ]] || { log WARN "no config at $CONFIG, using defaults"; return 0; }
    local key value
    while IFS='=' read -r key value; do
        key=${key//[[:space:]]/}
        [[ -z $key || $key == \#* ]] && continue
        CONF[$key]=$value
    done <"$CONFIG"
    log DEBUG "loaded ${#CONF[@]} settings from $CONFIG"
}

cmd_status() {
    local key url code failed=0
    for key in "${!CONF[@]}"; do
        [[ $key == host.* ]] || continue
        url=${CONF[$key]}
        if code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time "${CONF[timeout]}" "$url"); then
            printf '%-16s %s\n' "${key#host.}" "$code"
        else
            printf '%-16s DOWN\n' "${key#host.}"
            failed=$((failed + 1))
        fi
    done
    [[ $failed -eq 0 ]] || log WARN "$failed host(s) down"
    return "$failed"
}

cmd_backup() {
    local keep=${1:-7} src=${CONF[backup_src]} stamp archive
    [[ $keep =~ ^[0-9]+$ ]] || die "KEEP must be a number"
    [[ -d $src ]] || die "backup source '$src' does not exist"
    mkdir -p "$BACKUP_DIR"
    stamp=$(date '+%Y%m%d-%H%M%S')
    archive="$BACKUP_DIR/${src##*/}-$stamp.tar.gz"
    tar -czf "$archive.partial" "$src"
    mv "$archive.partial" "$archive"
    log INFO "wrote $archive ($(du -h "$archive" | cut -f1))"
    ls -1t "$BACKUP_DIR"/*.tar.gz 2>/dev/null | tail -n +"$((keep + 1))" | while read -r old; do
        rm -f -- "$old"
        log INFO "pruned $old"
    done
}

cmd_update() {
    local feed=${CONF[release_feed]} current latest json
    current=$(cat "$VERSION_FILE" 2>/dev/null || echo "0.0.0")
    mkdir -p "$CACHE_DIR"
    json=$(curl -fsS --max-time 15 "$feed") || die "cannot reach release feed $feed"
    printf '%s\n' "$json" >"$CACHE_DIR/latest.json"
    latest=$(printf '%s' "$json" | sed -n 's/.*"version" *: *"\([^"]*\)".*/\1/p')
    [[ -n $latest ]] || die "release feed has no version field"
    if [[ $(printf '%s\n%s\n' "$current" "$latest" | sort -V | tail -n1) == "$current" ]]; then
        log INFO "agent $current is up to date"
        return 0
    fi
    log INFO "upgrading agent $current -> $latest"
    sudo apt-get update -qq || die "apt-get update failed"
    sudo apt-get install -y --only-upgrade "labagent=$latest" || die "package upgrade failed"
    sudo systemctl restart labagent.service || die "labagent did not restart"
    printf '%s\n' "$latest" >"$VERSION_FILE"
    log INFO "agent upgraded to $latest"
}

cmd_clean() {
    rm -rf -- "$CACHE_DIR"
    find "$BACKUP_DIR" -maxdepth 1 -name '*.partial' -type f -delete 2>/dev/null || true
    log INFO "caches removed"
}

while getopts ":c:vh" opt; do
    case $opt in
        c) CONFIG=$OPTARG ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        :) die "option -$OPTARG needs an argument" ;;
        \?) die "unknown option -$OPTARG" ;;
    esac
done
shift $((OPTIND - 1))

command=${1:-help}
[[ $# -gt 0 ]] && shift
load_config

case $command in
    status) cmd_status "$@" ;;
    backup) cmd_backup "$@" ;;
    update) cmd_update "$@" ;;
    clean)  cmd_clean "$@" ;;
    help|-h|--help) usage ;;
    *) usage >&2; die "unknown command: $command" ;;
esac
