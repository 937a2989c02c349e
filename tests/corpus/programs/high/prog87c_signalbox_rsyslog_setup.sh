#!/usr/bin/env bash
# Configure this depot server to receive syslog from the signal-box data loggers.
#
# The data loggers in the relay rooms can only speak plain UDP syslog.  This
# enables the imudp listener in rsyslog, files their messages per relay room
# under /var/log/signalbox/, adds a logrotate policy and opens the port for
# the relay-room subnet.
#
# Environment:
#   SBX_SUBNET   relay-room subnet allowed to send (default 10.42.16.0/22)
#   SBX_PORT     UDP port (default 514)
#   SBX_KEEP     days of logs to keep (default 90)
set -euo pipefail

SBX_SUBNET="${SBX_SUBNET:-10.42.16.0/22}"
SBX_PORT="${SBX_PORT:-514}"
SBX_KEEP="${SBX_KEEP:-90}"
CONF_DST="/etc/rsyslog.d/60-signalbox.conf"
ROTATE_DST="/etc/logrotate.d/signalbox"
LOG_ROOT="/var/log/signalbox"
DRY_RUN=0

[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1

msg() { printf '\e[1m==>\e[0m %s\n' "$*"; }

as_root() {
  if [[ $DRY_RUN -eq 1 ]]; then
    echo "would run: $*"
  elif [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo "$@"
  fi
}

put_file() {
  local dst="$1" mode="$2"
  if [[ $DRY_RUN -eq 1 ]]; then
    echo "--- $dst"; cat
  else
    as_root tee "$dst" >/dev/null
    as_root chmod "$mode" "$dst"
  fi
}

command -v rsyslogd >/dev/null || { echo "rsyslog is not installed" >&2; exit 1; }

msg "writing ${CONF_DST}"
put_file "$CONF_DST" 0644 <<EOF
# signal-box data loggers (managed by $(basename "$0"))
module(load="imudp")
input(type="imudp" port="${SBX_PORT}" ruleset="signalbox")

template(name="SbxPerRoom" type="string"
         string="${LOG_ROOT}/%fromhost-ip%/%\$year%-%\$month%-%\$day%.log")

ruleset(name="signalbox") {
    action(type="omfile" dynaFile="SbxPerRoom" dirCreateMode="0750" fileCreateMode="0640")
    stop
}
EOF

msg "writing ${ROTATE_DST}"
put_file "$ROTATE_DST" 0644 <<EOF
${LOG_ROOT}/*/*.log {
    daily
    rotate ${SBX_KEEP}
    compress
    delaycompress
    missingok
    notifempty
}
EOF

msg "creating ${LOG_ROOT}"
as_root install -d -o syslog -g adm -m 0750 "$LOG_ROOT"

msg "checking rsyslog configuration"
as_root rsyslogd -N1

msg "allowing ${SBX_SUBNET} on udp/${SBX_PORT}"
if command -v ufw >/dev/null; then
  as_root ufw allow from "$SBX_SUBNET" to any port "$SBX_PORT" proto udp
else
  as_root iptables -C INPUT -p udp -s "$SBX_SUBNET" --dport "$SBX_PORT" -j ACCEPT 2>/dev/null ||
    as_root iptables -I INPUT -p udp -s "$SBX_SUBNET" --dport "$SBX_PORT" -j ACCEPT
fi

msg "restarting rsyslog"
as_root systemctl restart rsyslog
as_root systemctl --no-pager --lines=0 status rsyslog || true

msg "done; send a test with: logger -d -n <this-host> -P ${SBX_PORT} hello"
