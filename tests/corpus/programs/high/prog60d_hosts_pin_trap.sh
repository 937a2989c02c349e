#!/usr/bin/env bash
# Run an integration suite against a staging build by temporarily pinning
# the production hostnames to the staging address in /etc/hosts.
# An EXIT trap puts the original hosts file back whatever happens.
set -euo pipefail

STAGING_IP="${STAGING_IP:?set STAGING_IP}"
HOSTS_FILE="/etc/hosts"
BACKUP="./.hosts.backup.$$"
MARKER="# pinned-by-itest"
NAMES=(api.shop.example.com cdn.shop.example.com auth.shop.example.com)
SUITE="${1:-./tests/integration}"

log() { printf '%s itest: %s\n' "$(date +%T)" "$*" >&2; }

restore_hosts() {
    local rc=$?
    if [ -f "$BACKUP" ]; then
        log "restoring $HOSTS_FILE"
        sudo cp -- "$BACKUP" "$HOSTS_FILE"
        sudo chmod 0644 "$HOSTS_FILE"
        rm -f -- "$BACKUP"
    fi
    exit "$rc"
}
trap restore_hosts EXIT
trap 'exit 130' INT TERM HUP

os_name() {
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        echo "${ID:-linux}"
    fi
}

pin_hosts() {
    cp -- "$HOSTS_FILE" "$BACKUP"
    for name in "${NAMES[@]}"; do
        if grep -qE "[[:space:]]$name([[:space:]]|\$)" "$HOSTS_FILE"; then
            log "warning: $name already present in $HOSTS_FILE"
        fi
        printf '%s\t%s\t%s\n' "$STAGING_IP" "$name" "$MARKER" | sudo tee -a "$HOSTS_FILE" >/dev/null
        log "pinned $name -> $STAGING_IP"
    done
    if [ "$(os_name)" = "ubuntu" ] && command -v resolvectl >/dev/null; then
        resolvectl flush-caches 2>/dev/null || true
    fi
}

verify() {
    for name in "${NAMES[@]}"; do
        resolved=$(getent hosts "$name" | awk '{print $1}' | head -n1)
        if [ "$resolved" != "$STAGING_IP" ]; then
            log "$name resolves to '$resolved', expected $STAGING_IP"
            return 1
        fi
    done
}

run_suite() {
    log "running $SUITE"
    if [ -x "$SUITE/run.sh" ]; then
        "$SUITE/run.sh"
    else
        python3 -m pytest -q "$SUITE"
    fi
}

pin_hosts
verify
run_suite
log "suite finished"
