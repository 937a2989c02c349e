#!/bin/bash
# crematory_log_setup.sh - set up logging for the cremator temperature
# monitor on the crematory control PC: a syslog facility, a log folder and
# a rotation policy so the disk does not fill up.

set -euo pipefail

APP_NAME="cremator-monitor"
LOG_DIR="/var/log/$APP_NAME"
RSYSLOG_CONF="/etc/rsyslog.d/30-$APP_NAME.conf"
LOGROTATE_CONF="/etc/logrotate.d/$APP_NAME"
SERVICE_GROUP="${CREM_GROUP:-crematory}"
KEEP_WEEKS="${KEEP_WEEKS:-26}"

info() {
    echo "==> $*"
}

check_tools() {
    for tool in sudo logrotate systemctl; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "missing tool: $tool" >&2
            exit 1
        fi
    done
}

make_log_dir() {
    info "creating $LOG_DIR"
    sudo install -d -m 0750 -o syslog -g "$SERVICE_GROUP" "$LOG_DIR"
}

write_rsyslog_conf() {
    info "writing $RSYSLOG_CONF"
    sudo tee "$RSYSLOG_CONF" >/dev/null <<CONF
# Cremator temperature monitor
if \$programname == '$APP_NAME' then {
    action(type="omfile" file="$LOG_DIR/monitor.log" fileGroup="$SERVICE_GROUP" fileCreateMode="0640")
    stop
}
CONF
    sudo chmod 0644 "$RSYSLOG_CONF"
}

write_logrotate_conf() {
    info "writing $LOGROTATE_CONF"
    sudo tee "$LOGROTATE_CONF" >/dev/null <<CONF
$LOG_DIR/*.log {
    weekly
    rotate $KEEP_WEEKS
    compress
    delaycompress
    missingok
    notifempty
    create 0640 syslog $SERVICE_GROUP
    postrotate
        /usr/lib/rsyslog/rsyslog-rotate
    endscript
}
CONF
    sudo chmod 0644 "$LOGROTATE_CONF"
}

verify() {
    info "checking rotation policy"
    sudo logrotate --debug "$LOGROTATE_CONF" >/dev/null 2>&1 || {
        echo "logrotate rejected $LOGROTATE_CONF" >&2
        exit 1
    }
    info "restarting rsyslog"
    sudo systemctl restart rsyslog
    sudo systemctl --no-pager --lines=0 status rsyslog
    logger -t "$APP_NAME" "logging configured on $(hostname)"
}

if ! getent group "$SERVICE_GROUP" >/dev/null; then
    echo "group $SERVICE_GROUP does not exist; create it first" >&2
    exit 1
fi

check_tools
make_log_dir
write_rsyslog_conf
write_logrotate_conf
verify
info "done; monitor logs go to $LOG_DIR/monitor.log"
