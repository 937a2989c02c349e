#!/usr/bin/env bash
# Configure rsyslog to forward our application's syslog facility (local3)
# to the central log aggregator over TCP with a disk-assisted queue.
# Idempotent: re-running with the same arguments leaves the file unchanged.

set -euo pipefail

AGGREGATOR="${1:-}"
PORT="${2:-514}"
FACILITY="${FACILITY:-local3}"
CONF_DIR="/etc/rsyslog.d"
CONF_FILE="$CONF_DIR/60-app-forward.conf"
SUDO=""

usage() {
    echo "usage: $0 <aggregator-host> [port]" >&2
    echo "env: FACILITY (default local3)" >&2
    exit 64
}

[[ -n "$AGGREGATOR" ]] || usage
[[ "$PORT" =~ ^[0-9]+$ ]] || { echo "port must be numeric" >&2; exit 64; }
[[ "$FACILITY" =~ ^local[0-7]$ ]] || { echo "facility must be local0..local7" >&2; exit 64; }

if [[ $EUID -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "must run as root or have sudo" >&2
        exit 1
    fi
fi

if ! command -v rsyslogd >/dev/null 2>&1; then
    echo "rsyslogd not installed; nothing to do" >&2
    exit 1
fi

render_config() {
    cat <<EOF
# Managed by app-forwarder. Do not edit by hand.
# Forwards ${FACILITY}.* to ${AGGREGATOR}:${PORT} (TCP) with a disk queue.
module(load="omfwd")

${FACILITY}.* action(
    type="omfwd"
    target="${AGGREGATOR}"
    port="${PORT}"
    protocol="tcp"
    template="RSYSLOG_SyslogProtocol23Format"
    queue.type="LinkedList"
    queue.filename="app_forward_q"
    queue.maxDiskSpace="256m"
    queue.saveOnShutdown="on"
    action.resumeRetryCount="-1"
)
EOF
}

NEW_CONTENT="$(render_config)"

if [[ -f "$CONF_FILE" ]] && [[ "$(cat "$CONF_FILE")" == "$NEW_CONTENT" ]]; then
    echo "$CONF_FILE already up to date"
    exit 0
fi

if [[ -f "$CONF_FILE" ]]; then
    backup="$CONF_FILE.bak.$(date +%Y%m%d%H%M%S)"
    $SUDO cp -p "$CONF_FILE" "$backup"
    echo "backed up previous config to $backup"
fi

printf '%s\n' "$NEW_CONTENT" | $SUDO tee "$CONF_FILE" >/dev/null
$SUDO chown root:root "$CONF_FILE"
$SUDO chmod 0644 "$CONF_FILE"

echo "validating rsyslog configuration..."
if ! $SUDO rsyslogd -N1 >/tmp/rsyslog-validate.out 2>&1; then
    echo "validation failed, restoring previous state:" >&2
    cat /tmp/rsyslog-validate.out >&2
    if [[ -n "${backup:-}" ]]; then
        $SUDO mv "$backup" "$CONF_FILE"
    else
        $SUDO rm -f "$CONF_FILE"
    fi
    exit 1
fi

$SUDO systemctl restart rsyslog
sleep 1
if $SUDO systemctl is-active --quiet rsyslog; then
    logger -p "${FACILITY}.info" -t app-forwarder "forwarding to ${AGGREGATOR}:${PORT} enabled"
    echo "rsyslog restarted; ${FACILITY} now forwarded to ${AGGREGATOR}:${PORT}"
else
    echo "rsyslog failed to restart; check 'journalctl -u rsyslog'" >&2
    exit 1
fi
