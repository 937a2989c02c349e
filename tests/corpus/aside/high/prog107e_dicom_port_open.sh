#!/bin/sh
# dicom_port_open.sh - allow the modality subnets through to the gateway's
# DICOM listeners (storage SCP and worklist SCP) and make it survive reboot.
#
# Subnets and ports come from ./dicom_acl.env:
#   MODALITY_NETS="10.42.10.0/24 10.42.11.0/24"
#   DICOM_PORTS="104 11112 4242"
#
# Usage: dicom_port_open.sh [--check] [--remove]

set -eu

ACL_FILE="${DICOM_ACL_FILE:-./dicom_acl.env}"
CHAIN="RADIOLOGY-DICOM"
MODE="apply"

for arg in "$@"; do
    case "$arg" in
        --check) MODE="check" ;;
        --remove) MODE="remove" ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

say() { echo "[dicom-acl] $*"; logger -t dicom-acl "$*" 2>/dev/null || true; }

if [ ! -r "$ACL_FILE" ]; then
    echo "missing $ACL_FILE" >&2
    exit 1
fi
# shellcheck disable=SC1090
. "$ACL_FILE"
: "${MODALITY_NETS:?MODALITY_NETS not set in $ACL_FILE}"
: "${DICOM_PORTS:=104 11112}"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
IPT="$SUDO iptables -w 5"

ensure_chain() {
    if ! $IPT -nL "$CHAIN" >/dev/null 2>&1; then
        $IPT -N "$CHAIN"
        say "created chain $CHAIN"
    fi
    if ! $IPT -C INPUT -j "$CHAIN" 2>/dev/null; then
        $IPT -I INPUT 1 -j "$CHAIN"
        say "hooked $CHAIN into INPUT"
    fi
}

rule_args() {
    echo "-p tcp -s $1 --dport $2 -m conntrack --ctstate NEW -j ACCEPT"
}

apply_rules() {
    ensure_chain
    for net in $MODALITY_NETS; do
        for port in $DICOM_PORTS; do
            # shellcheck disable=SC2046
            if $IPT -C "$CHAIN" $(rule_args "$net" "$port") 2>/dev/null; then
                continue
            fi
            # shellcheck disable=SC2046
            $IPT -A "$CHAIN" $(rule_args "$net" "$port")
            say "allowed $net -> tcp/$port"
        done
    done
}

remove_rules() {
    $IPT -F "$CHAIN" 2>/dev/null || true
    $IPT -D INPUT -j "$CHAIN" 2>/dev/null || true
    $IPT -X "$CHAIN" 2>/dev/null || true
    say "removed $CHAIN"
}

persist() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        $SUDO netfilter-persistent save >/dev/null
        say "rules saved with netfilter-persistent"
    else
        $SUDO sh -c 'iptables-save > /etc/iptables/rules.v4'
        say "rules saved to /etc/iptables/rules.v4"
    fi
}

case "$MODE" in
    check) $IPT -nvL "$CHAIN" ;;
    apply) apply_rules; persist ;;
    remove) remove_rules; persist ;;
esac
