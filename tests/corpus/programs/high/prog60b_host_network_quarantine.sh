#!/usr/bin/env bash
# Network quarantine for a suspected-compromised host: keep existing rules,
# add a dedicated chain that only lets the IR jump hosts and DNS through,
# and log everything else that tries to leave. Reversible with -u.
set -euo pipefail

CHAIN="IR_QUARANTINE"
STATE_DIR="./containment"
JUMP_HOSTS="10.20.0.15 10.20.0.16"
RESOLVER="10.20.0.2"
UNDO=0

usage() { echo "Usage: $0 [-j 'ip ip'] [-r resolver] [-s state_dir] [-u]" >&2; exit 2; }

while getopts "j:r:s:uh" opt; do
    case "$opt" in
        j) JUMP_HOSTS="$OPTARG" ;;
        r) RESOLVER="$OPTARG" ;;
        s) STATE_DIR="$OPTARG" ;;
        u) UNDO=1 ;;
        *) usage ;;
    esac
done

[ "$(id -u)" -eq 0 ] || { echo "must run as root" >&2; exit 1; }
mkdir -p "$STATE_DIR"
IPT="$(command -v iptables)"

apply() {
    local stamp; stamp="$(date -u +%Y%m%dT%H%M%SZ)"
    iptables-save > "$STATE_DIR/rules_before_$stamp.v4"
    ln -sf "rules_before_$stamp.v4" "$STATE_DIR/rules_before_latest.v4"

    $IPT -N "$CHAIN" 2>/dev/null || { echo "$CHAIN already present; use -u first" >&2; exit 1; }
    $IPT -A "$CHAIN" -i lo -j RETURN
    $IPT -A "$CHAIN" -o lo -j RETURN
    $IPT -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN
    for h in $JUMP_HOSTS; do
        $IPT -A "$CHAIN" -s "$h" -p tcp --dport 22 -j RETURN
        $IPT -A "$CHAIN" -d "$h" -j RETURN
    done
    $IPT -A "$CHAIN" -d "$RESOLVER" -p udp --dport 53 -j RETURN
    $IPT -A "$CHAIN" -m limit --limit 10/min -j LOG --log-prefix "IR-QUAR: " --log-level 4
    $IPT -A "$CHAIN" -j DROP

    $IPT -I INPUT 1 -j "$CHAIN"
    $IPT -I OUTPUT 1 -j "$CHAIN"
    $IPT -I FORWARD 1 -j "$CHAIN"
    echo "$stamp quarantine applied (jump hosts: $JUMP_HOSTS)" | tee -a "$STATE_DIR/actions.log"
}

undo() {
    for hook in INPUT OUTPUT FORWARD; do
        while $IPT -C "$hook" -j "$CHAIN" 2>/dev/null; do
            $IPT -D "$hook" -j "$CHAIN"
        done
    done
    if $IPT -L "$CHAIN" -n >/dev/null 2>&1; then
        # remove only the rules this script added, one at a time
        while $IPT -D "$CHAIN" 1 2>/dev/null; do :; done
        $IPT -X "$CHAIN"
    fi
    echo "$(date -u +%Y%m%dT%H%M%SZ) quarantine lifted" | tee -a "$STATE_DIR/actions.log"
}

if [ "$UNDO" -eq 1 ]; then undo; else apply; fi
$IPT -S | grep -E "$CHAIN|^-P" > "$STATE_DIR/rules_now.txt" || true
