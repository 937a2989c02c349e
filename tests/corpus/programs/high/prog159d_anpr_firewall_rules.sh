#!/bin/bash
# Open the ports the ANPR cameras need on the enforcement gateway:
# RTSP for the live feed and HTTPS for plate read uploads.
# Only adds rules that are missing; existing policy is left alone.
set -euo pipefail

CAMERA_NET="${CAMERA_NET:-198.51.100.0/24}"
REVIEW_NET="${REVIEW_NET:-192.0.2.0/26}"
RULES_FILE="${RULES_FILE:-/etc/iptables/rules.v4}"
CHAIN="ANPR_IN"
SAVE=1

usage() {
    echo "usage: $0 [-n] [-c camera_net] [-r review_net]" >&2
    echo "  -n  do not save rules to $RULES_FILE" >&2
    exit 2
}

ipt() {
    sudo iptables "$@"
}

ensure_chain() {
    if ! ipt -L "$CHAIN" -n >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        echo "created chain $CHAIN"
    fi
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -j "$CHAIN"
        echo "hooked $CHAIN into INPUT"
    fi
}

allow() {
    local src="$1" proto="$2" port="$3" label="$4"
    if ipt -C "$CHAIN" -s "$src" -p "$proto" --dport "$port" -j ACCEPT 2>/dev/null; then
        echo "present: $label ($src -> $proto/$port)"
        return 0
    fi
    ipt -A "$CHAIN" -s "$src" -p "$proto" --dport "$port" \
        -m comment --comment "anpr:$label" -j ACCEPT
    echo "added:   $label ($src -> $proto/$port)"
}

apply_rules() {
    allow "$CAMERA_NET" tcp 554 rtsp-feed
    allow "$CAMERA_NET" tcp 443 plate-upload
    allow "$CAMERA_NET" udp 123 ntp
    allow "$REVIEW_NET" tcp 8443 review-console
}

persist() {
    if [ "$SAVE" -eq 0 ]; then
        echo "not saving (dry)"
        return 0
    fi
    sudo mkdir -p "$(dirname "$RULES_FILE")"
    sudo cp -p "$RULES_FILE" "$RULES_FILE.$(date +%Y%m%d%H%M)" 2>/dev/null || true
    sudo sh -c "iptables-save > '$RULES_FILE'"
    echo "saved to $RULES_FILE"
}

while getopts "nc:r:h" opt; do
    case "$opt" in
        n) SAVE=0 ;;
        c) CAMERA_NET="$OPTARG" ;;
        r) REVIEW_NET="$OPTARG" ;;
        *) usage ;;
    esac
done

ensure_chain
apply_rules
persist
sudo iptables -L "$CHAIN" -n --line-numbers
