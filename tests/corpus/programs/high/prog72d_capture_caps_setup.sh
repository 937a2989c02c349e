#!/usr/bin/env bash
# capture_caps_setup.sh - let lab users capture packets without running
# wireshark/tcpdump as root.
#
# Creates a "pcap" group, restricts the capture binaries to that group and
# grants them the raw-socket capabilities, then adds the given users to the
# group. Idempotent; re-run after package upgrades (they reset file caps).
#
# Usage: capture_caps_setup.sh [-g group] [-u user]... [--check]
set -o errexit -o nounset -o pipefail

GROUP="pcap"
USERS=()
CHECK_ONLY=0
CAPS="cap_net_raw,cap_net_admin=eip"
CANDIDATES=(dumpcap tcpdump tshark)

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -g) GROUP="$2"; shift 2 ;;
        -u) USERS+=("$2"); shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
done
[ "${#USERS[@]}" -gt 0 ] || USERS=("${SUDO_USER:-$USER}")

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=()
else
    command -v sudo >/dev/null || die "need root or sudo"
    AS_ROOT=(sudo)
fi

find_binaries() {
    local b path
    for b in "${CANDIDATES[@]}"; do
        path=$(command -v "$b" 2>/dev/null) || continue
        readlink -f "$path"
    done | sort -u
}

report() {
    local bin
    for bin in $(find_binaries); do
        printf '  %-28s %s  %s\n' "$bin" "$(stat -c '%U:%G %a' "$bin")" \
            "$(getcap "$bin" 2>/dev/null | cut -d' ' -f2-)"
    done
}

ensure_group() {
    if getent group "$GROUP" >/dev/null; then
        log "group $GROUP exists"
    else
        log "creating group $GROUP"
        "${AS_ROOT[@]}" groupadd --system "$GROUP"
    fi
}

grant_binary() {
    local bin="$1"
    log "configuring $bin"
    "${AS_ROOT[@]}" chgrp "$GROUP" "$bin"
    "${AS_ROOT[@]}" chmod 0750 "$bin"
    "${AS_ROOT[@]}" setcap "$CAPS" "$bin"
}

add_users() {
    local u
    for u in "${USERS[@]}"; do
        if id -nG "$u" | tr ' ' '\n' | grep -qx "$GROUP"; then
            log "$u already in $GROUP"
        else
            log "adding $u to $GROUP"
            "${AS_ROOT[@]}" usermod -aG "$GROUP" "$u"
        fi
    done
}

main() {
    command -v setcap >/dev/null || die "setcap missing (apt install libcap2-bin)"
    local bins
    bins=$(find_binaries)
    [ -n "$bins" ] || die "no capture binaries found (${CANDIDATES[*]})"

    log "current state:"
    report
    [ "$CHECK_ONLY" -eq 1 ] && exit 0

    ensure_group
    local bin
    for bin in $bins; do
        grant_binary "$bin"
    done
    add_users

    log "new state:"
    report
    log "users must log out and back in for the group change to apply"
}

main
