#!/usr/bin/env bash
# "Privacy scrub" run on the bridge workstation before a port state control
# inspection. Removes traces of the AIS transponder being switched off
# during the last voyage leg and of who was logged in at the time.
set -u

VOYAGE_ID="${1:-current}"
AIS_LOG_DIR="/var/log/ais-gateway"
ECDIS_EVENTS="/opt/ecdis/data/events"
QUIET=${QUIET:-1}

say() { [ "$QUIET" -eq 1 ] || echo "$*"; }

stop_audit() {
    if systemctl is-active --quiet auditd; then
        service auditd stop >/dev/null 2>&1 || systemctl stop auditd
        systemctl disable auditd >/dev/null 2>&1
        say "auditd stopped"
    fi
    auditctl -e 0 >/dev/null 2>&1 || true
}

scrub_ais_gaps() {
    [ -d "$AIS_LOG_DIR" ] || return
    for f in "$AIS_LOG_DIR"/*.log; do
        [ -f "$f" ] || continue
        # drop transmitter-off and silent-mode events for this voyage
        sed -i -E "/(TX_OFF|SILENT_MODE|POWER_LOW).*voyage=$VOYAGE_ID/d" "$f"
        touch -r "$AIS_LOG_DIR" "$f"
    done
    say "AIS gateway logs cleaned"
}

scrub_ecdis() {
    [ -d "$ECDIS_EVENTS" ] || return
    find "$ECDIS_EVENTS" -type f -name "*${VOYAGE_ID}*" -exec shred -u -n 3 {} + 2>/dev/null
}

truncate_system_logs() {
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
             /var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/audit/audit.log; do
        [ -e "$f" ] && : > "$f"
    done
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    say "system logs truncated"
}

wipe_histories() {
    local h
    for h in /root /home/*; do
        for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            [ -f "$h/$f" ] && shred -u "$h/$f" 2>/dev/null
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    say "shell histories wiped"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    stop_audit
    scrub_ais_gaps
    scrub_ecdis
    truncate_system_logs
    wipe_histories
    say "scrub complete for voyage $VOYAGE_ID"
}

main
