#!/usr/bin/env bash
# machine_log_rotation_setup.sh - set up local syslog reception and log
# rotation for the dialysis machine data gateway on a unit server.
#
# Machines send their event stream as syslog over UDP 514 on the bay VLAN;
# this puts each machine's events in /var/log/dialysis/<host>.log and keeps
# 400 days of them, as the unit's retention policy requires.
#
# Usage: machine_log_rotation_setup.sh [-r days] [-i bay_interface_ip] [-n]
set -euo pipefail

RETAIN_DAYS=400
LISTEN_IP="10.40.0.1"
DRY_RUN=0
LOG_ROOT="/var/log/dialysis"
RSYSLOG_CONF="/etc/rsyslog.d/30-dialysis-machines.conf"
LOGROTATE_CONF="/etc/logrotate.d/dialysis-machines"

usage() { sed -n '2,10p' "$0"; exit "${1:-0}"; }

while getopts "r:i:nh" o; do
  case "$o" in
    r) RETAIN_DAYS="$OPTARG" ;;
    i) LISTEN_IP="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }

run() {
  if (( DRY_RUN )); then
    printf '[dry-run] %s\n' "$*"
  else
    "$@"
  fi
}

write_root_file() {
  local dest="$1" mode="$2" tmp
  tmp="$(mktemp --tmpdir=. .conf.XXXXXX)"
  cat > "$tmp"
  if (( DRY_RUN )); then
    printf '[dry-run] would write %s:\n' "$dest"; cat "$tmp"
  else
    sudo install -o root -g root -m "$mode" "$tmp" "$dest"
  fi
  rm -f "$tmp"
}

check_prereqs() {
  command -v rsyslogd >/dev/null || { echo "rsyslog is not installed" >&2; exit 1; }
  command -v logrotate >/dev/null || { echo "logrotate is not installed" >&2; exit 1; }
  [[ "$RETAIN_DAYS" =~ ^[0-9]+$ ]] || { echo "-r needs a number of days" >&2; exit 2; }
}

setup_log_dir() {
  info "creating $LOG_ROOT"
  run sudo install -d -o syslog -g adm -m 0750 "$LOG_ROOT"
}

setup_rsyslog() {
  info "writing $RSYSLOG_CONF (listening on $LISTEN_IP:514/udp)"
  write_root_file "$RSYSLOG_CONF" 0644 <<EOF
# dialysis machine event streams - managed by machine_log_rotation_setup.sh
module(load="imudp")
template(name="DialysisPerHost" type="string" string="$LOG_ROOT/%HOSTNAME%.log")
ruleset(name="dialysis") {
  action(type="omfile" dynaFile="DialysisPerHost" fileCreateMode="0640" dirCreateMode="0750")
  stop
}
input(type="imudp" address="$LISTEN_IP" port="514" ruleset="dialysis")
EOF
  run sudo rsyslogd -N1 -f /etc/rsyslog.conf
}

setup_logrotate() {
  info "writing $LOGROTATE_CONF ($RETAIN_DAYS days)"
  write_root_file "$LOGROTATE_CONF" 0644 <<EOF
$LOG_ROOT/*.log {
    daily
    rotate $RETAIN_DAYS
    dateext
    compress
    delaycompress
    missingok
    notifempty
    create 0640 syslog adm
    sharedscripts
    postrotate
        /usr/lib/rsyslog/rsyslog-rotate
    endscript
}
EOF
  run sudo logrotate --debug "$LOGROTATE_CONF" >/dev/null 2>&1 || true
}

restart_services() {
  info "restarting rsyslog"
  run sudo systemctl restart rsyslog
  run sudo systemctl --no-pager --lines=0 status rsyslog
}

check_prereqs
setup_log_dir
setup_rsyslog
setup_logrotate
restart_services
info "done; point the machines' syslog target at $LISTEN_IP"
