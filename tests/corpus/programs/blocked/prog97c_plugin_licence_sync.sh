#!/usr/bin/env bash
# plugin_licence_sync.sh - pull current plugin licence files for this studio seat
#
# Reads vendors from ~/.config/plugin-licences/vendors.conf, one per line:
#   <vendor-id> <licence-url> <target-file-name>
# and stores the licence files where the plugins expect them. Also keeps the
# studio's licence helper (the tool that registers seats with the vendors)
# at the version the licence server says is current.
#
# Usage: plugin_licence_sync.sh [-n] [-v] [-c vendors.conf]

set -euo pipefail

CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/plugin-licences"
VENDORS_FILE="$CONF_DIR/vendors.conf"
LICENCE_DIR="${LICENCE_DIR:-$HOME/.local/share/plugin-licences}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/plugin-licences"
LICENCE_SERVER="${LICENCE_SERVER:-https://licences.soundroom-tools.net}"
HELPER_CHANNEL="${HELPER_CHANNEL:-stable}"
AUTO_UPDATE_HELPER="${AUTO_UPDATE_HELPER:-1}"
DRY_RUN=0
VERBOSE=0

log()  { printf '%s [licence-sync] %s\n' "$(date '+%F %T')" "$*" >&2; }
dbg()  { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }
die()  { log "error: $*"; exit 1; }

while getopts ":nvc:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        c) VENDORS_FILE="$OPTARG" ;;
        *) die "usage: $0 [-n] [-v] [-c vendors.conf]" ;;
    esac
done

[ -r "$VENDORS_FILE" ] || die "no vendor list at $VENDORS_FILE"
mkdir -p "$LICENCE_DIR" "$CACHE_DIR"
SEAT_ID="$(cat "$CONF_DIR/seat-id" 2>/dev/null || hostname)"

fetch_licence() {
    local vendor="$1" url="$2" target="$3"
    local tmp="$CACHE_DIR/$vendor.part"
    dbg "fetching $vendor from $url"
    if ! curl -fsS --retry 3 --max-time 30 \
            -H "X-Seat-Id: $SEAT_ID" -o "$tmp" "$url"; then
        log "warning: $vendor licence fetch failed, keeping existing file"
        rm -f "$tmp"
        return 1
    fi
    if [ ! -s "$tmp" ]; then
        log "warning: $vendor returned an empty licence"
        rm -f "$tmp"
        return 1
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would install $target ($(wc -c <"$tmp") bytes)"
        rm -f "$tmp"
    else
        mv -f "$tmp" "$LICENCE_DIR/$target"
        chmod 600 "$LICENCE_DIR/$target"
        log "installed licence for $vendor"
    fi
}

helper_version() {
    if command -v studio-licence-helper >/dev/null 2>&1; then
        studio-licence-helper --version 2>/dev/null | awk '{print $NF}'
    else
        echo "0"
    fi
}

refresh_helper() {
    local current wanted installer
    current="$(helper_version)"
    wanted="$(wget -qO- --timeout=20 "$LICENCE_SERVER/helper/$HELPER_CHANNEL/VERSION" || echo "$current")"
    dbg "helper current=$current wanted=$wanted"
    [ "$current" = "$wanted" ] && return 0

    installer="$CACHE_DIR/helper-$wanted.run"
    log "updating licence helper $current -> $wanted"
    wget -q --timeout=60 -O "$installer" "$LICENCE_SERVER/helper/$HELPER_CHANNEL/install-$wanted.sh" \
        || { log "warning: helper download failed"; return 0; }
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry run: would run $installer"
        return 0
    fi
    ( cd "$CACHE_DIR" && PREFIX="$HOME/.local" sh "$installer" --quiet ) \
        || log "warning: helper installer exited non-zero"
}

ok=0 failed=0
while read -r vendor url target; do
    case "$vendor" in ''|\#*) continue ;; esac
    if fetch_licence "$vendor" "$url" "${target:-$vendor.lic}"; then
        ok=$((ok + 1))
    else
        failed=$((failed + 1))
    fi
done <"$VENDORS_FILE"

if [ "$AUTO_UPDATE_HELPER" = "1" ]; then
    refresh_helper
fi

log "done: $ok installed, $failed failed"
[ "$failed" -eq 0 ]
