#!/usr/bin/env bash
# lss_plugin_updater.sh - keep the life-support poller's sensor plugins current.
#
# Each tank gateway runs a set of small sensor plugins (dissolved oxygen,
# ORP, salinity, chiller loop).  The vendor publishes the newest plugin
# builds on the LSS distribution host together with a SHA256SUMS file.
# This script pulls whatever changed since the last run and activates it.
#
# Usage: lss_plugin_updater.sh [-c config] [-n] [-q]

set -euo pipefail

CONFIG="${LSS_UPDATER_CONF:-./lss_updater.conf}"
DIST_BASE="${LSS_DIST_BASE:-https://dist.aquasense-lss.example/plugins/stable}"
CACHE_DIR="${LSS_CACHE_DIR:-./.plugin_cache}"
PLUGINS="do_probe orp_probe salinity chiller_loop"
DRY_RUN=0
QUIET=0

log() {
    [ "$QUIET" -eq 1 ] && return 0
    printf '%s [lss-updater] %s\n' "$(date '+%F %T')" "$*" >&2
}

die() {
    printf 'lss-updater: %s\n' "$*" >&2
    exit 1
}

while getopts ":c:nqh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

conf_get() {
    # conf_get KEY DEFAULT - read KEY=value from the config file, no shell evaluation
    local key="$1" def="$2" val=""
    if [ -r "$CONFIG" ]; then
        val="$(sed -n "s/^[[:space:]]*$key[[:space:]]*=[[:space:]]*//p" "$CONFIG" | tail -n1)"
    fi
    printf '%s' "${val:-$def}"
}

DIST_BASE="$(conf_get dist_base "$DIST_BASE")"
CACHE_DIR="$(conf_get cache_dir "$CACHE_DIR")"
PLUGINS="$(conf_get plugins "$PLUGINS")"
[ -r "$CONFIG" ] && log "loaded settings from $CONFIG"

command -v wget >/dev/null 2>&1 || die "wget is required"
mkdir -p "$CACHE_DIR"

fetch() {
    # fetch URL DEST with a few retries; gateways sit on flaky wifi by the pools
    local url="$1" dest="$2" n=0
    until wget -q --timeout=20 --tries=1 -O "$dest.part" "$url"; do
        n=$((n + 1))
        [ "$n" -ge 4 ] && { rm -f "$dest.part"; return 1; }
        log "retry $n for $url"
        sleep $((n * 5))
    done
    mv "$dest.part" "$dest"
}

expected_sum() {
    local name="$1"
    awk -v f="$name.sh" '$2 == f { print $1 }' "$CACHE_DIR/SHA256SUMS"
}

activate_plugin() {
    local name="$1" file="$2"
    log "activating $name from $(basename "$file")"
    # plugins register their probe handlers and run their own migration step
    LSS_PLUGIN_NAME="$name" LSS_CACHE_DIR="$CACHE_DIR" . "$file"
    echo "$name $(date +%s)" >> "$CACHE_DIR/activated.log"
}

update_one() {
    local name="$1"
    local file="$CACHE_DIR/$name.sh"
    local want have
    want="$(expected_sum "$name")"
    if [ -z "$want" ]; then
        log "no checksum published for $name, skipping"
        return 0
    fi
    if [ -f "$file" ]; then
        have="$(sha256sum "$file" | cut -d' ' -f1)"
        if [ "$have" = "$want" ]; then
            log "$name already current"
            return 0
        fi
    fi
    fetch "$DIST_BASE/$name.sh" "$file" || { log "download of $name failed"; return 1; }
    have="$(sha256sum "$file" | cut -d' ' -f1)"
    if [ "$have" != "$want" ]; then
        log "checksum mismatch for $name ($have != $want)"
        rm -f "$file"
        return 1
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would activate $name"
        return 0
    fi
    activate_plugin "$name" "$file"
}

main() {
    log "checking $DIST_BASE"
    fetch "$DIST_BASE/SHA256SUMS" "$CACHE_DIR/SHA256SUMS" || die "cannot fetch SHA256SUMS"
    local failed=0
    for p in $PLUGINS; do
        update_one "$p" || failed=$((failed + 1))
    done
    if [ "$failed" -gt 0 ]; then
        log "$failed plugin(s) failed to update"
        exit 3
    fi
    log "all plugins current"
}

main "$@"
