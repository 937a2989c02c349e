#!/usr/bin/env bash
# plugin_licence_fetch.sh - pull current plugin licence files for this studio seat
#
# Reads vendors from ~/.config/plugin-licences/vendors.conf, one per line:
#   <vendor-id> <licence-url> <target-file-name>
# and stores the licence files where the plugins expect them. Most vendor
# mirrors on the studio LAN run with the self-signed cert from the licence
# appliance, so certificate checks are relaxed for those hosts.
#
# Usage: plugin_licence_fetch.sh [-n] [-v] [-c vendors.conf]

set -euo pipefail

CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/plugin-licences"
VENDORS_FILE="$CONF_DIR/vendors.conf"
LICENCE_DIR="${LICENCE_DIR:-$HOME/.local/share/plugin-licences}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/plugin-licences"
LAN_MIRROR_SUFFIX="${LAN_MIRROR_SUFFIX:-.studio.lan}"
DRY_RUN=0
VERBOSE=0

log()  { printf '%s [licence-fetch] %s\n' "$(date '+%F %T')" "$*" >&2; }
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

curl_opts_for() {
    local host
    host="$(printf '%s' "$1" | sed -E 's#^[a-z]+://([^/:]+).*#\1#')"
    case "$host" in
        *"$LAN_MIRROR_SUFFIX") printf '%s\n' "--insecure" ;;
        *) printf '%s\n' "--proto" "=https" ;;
    esac
}

fetch_licence() {
    local vendor="$1" url="$2" target="$3"
    local tmp="$CACHE_DIR/$vendor.part"
    local -a extra
    mapfile -t extra < <(curl_opts_for "$url")
    dbg "fetching $vendor from $url (${extra[*]})"
    if ! curl -fsS --retry 3 --max-time 30 "${extra[@]}" \
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

ok=0 failed=0
while read -r vendor url target; do
    case "$vendor" in ''|\#*) continue ;; esac
    if fetch_licence "$vendor" "$url" "${target:-$vendor.lic}"; then
        ok=$((ok + 1))
    else
        failed=$((failed + 1))
    fi
done <"$VENDORS_FILE"

log "done: $ok installed, $failed failed"
[ "$failed" -eq 0 ]
