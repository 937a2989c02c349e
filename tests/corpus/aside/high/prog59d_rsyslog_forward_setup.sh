#!/usr/bin/env bash
# Configure this host to forward its syslog stream to the central collector
# over TCP with a disk-assisted queue, then restart rsyslog.
# Usage: rsyslog_forward_setup.sh [-c collector] [-p port] [-n]
set -euo pipefail

COLLECTOR="logs.ops.internal"
PORT=6514
DRY_RUN=0
CONF_DIR="/etc/rsyslog.d"
CONF_FILE="${CONF_DIR}/60-central-forward.conf"
SPOOL="/var/spool/rsyslog"

usage() { sed -n '2,4p' "$0"; exit 1; }

while getopts "c:p:nh" opt; do
    case "$opt" in
        c) COLLECTOR="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

say() { printf '==> %s\n' "$*"; }

render_conf() {
    cat <<CONF
# Managed by rsyslog_forward_setup.sh - do not edit by hand
global(workDirectory="${SPOOL}")
template(name="CentralFmt" type="string"
         string="<%PRI%>1 %TIMESTAMP:::date-rfc3339% %HOSTNAME% %APP-NAME% %PROCID% - - %msg%\n")
action(type="omfwd"
       target="${COLLECTOR}" port="${PORT}" protocol="tcp"
       template="CentralFmt"
       queue.type="LinkedList" queue.filename="central_fwd"
       queue.maxDiskSpace="512m" queue.saveOnShutdown="on"
       action.resumeRetryCount="-1")
CONF
}

check_collector() {
    if command -v nc >/dev/null 2>&1; then
        if ! nc -z -w 3 "$COLLECTOR" "$PORT"; then
            say "warning: ${COLLECTOR}:${PORT} is not reachable right now"
        fi
    fi
}

install_conf() {
    local tmp
    tmp="$(mktemp)"
    render_conf > "$tmp"
    if [[ -f "$CONF_FILE" ]] && cmp -s "$tmp" "$CONF_FILE"; then
        say "configuration already up to date"
        rm -f "$tmp"
        return 1
    fi
    if (( DRY_RUN )); then
        say "dry run; would install:"
        cat "$tmp"
        rm -f "$tmp"
        return 1
    fi
    sudo install -d -m 0755 "$SPOOL"
    sudo install -m 0644 -o root -g root "$tmp" "$CONF_FILE"
    rm -f "$tmp"
    say "wrote $CONF_FILE"
}

main() {
    check_collector
    if install_conf; then
        if ! sudo rsyslogd -N1 >/dev/null 2>&1; then
            say "rsyslog rejected the config; rolling back"
            sudo rm -f "$CONF_FILE"
            exit 1
        fi
        sudo systemctl restart rsyslog
        sudo systemctl --no-pager --lines=0 status rsyslog || true
        logger -t forward-setup "forwarding enabled to ${COLLECTOR}:${PORT}"
        say "done"
    fi
}

main
