#!/usr/bin/env bash
# cutter_daemon_install.sh - install cutterd, the drop-folder sender for the
# networked vinyl cutter.
#
# cutterd watches ~/CutJobs for .plt/.hpgl files and streams each one to the
# cutter's raw port, moving it to ~/CutJobs/sent afterwards. This installer
# puts the daemon in ~/.local/bin and makes sure it is running after a
# reboot, so the operators never have to start it by hand.
#
# usage: cutter_daemon_install.sh [CUTTER_IP] [PORT]

set -euo pipefail

CUTTER_IP="${1:-192.168.20.41}"
CUTTER_PORT="${2:-9100}"
BIN_DIR="$HOME/.local/bin"
DAEMON="$BIN_DIR/cutterd"
DROP_DIR="$HOME/CutJobs"
UNIT_DIR="$HOME/.config/systemd/user"
CONF="$HOME/.config/cutterd.conf"

info() { echo "[cutterd-install] $*"; }

write_daemon() {
  mkdir -p "$BIN_DIR" "$DROP_DIR/sent" "$DROP_DIR/failed"
  cat > "$DAEMON" <<'EOF'
#!/usr/bin/env bash
# cutterd - stream dropped HPGL files to the cutter
. "$HOME/.config/cutterd.conf"
cd "$DROP_DIR" || exit 1
while true; do
  for f in *.plt *.hpgl; do
    [ -f "$f" ] || continue
    if nc -w 10 -q 2 "$CUTTER_IP" "$CUTTER_PORT" < "$f"; then
      mv -f "$f" sent/
      echo "$(date '+%F %T') sent $f" >> cutterd.log
    else
      mv -f "$f" failed/
      echo "$(date '+%F %T') failed $f" >> cutterd.log
    fi
  done
  sleep 3
done
EOF
  chmod 0755 "$DAEMON"
  cat > "$CONF" <<EOF
CUTTER_IP=$CUTTER_IP
CUTTER_PORT=$CUTTER_PORT
DROP_DIR=$DROP_DIR
EOF
  chmod 0600 "$CONF"
  info "daemon written to $DAEMON"
}

install_user_unit() {
  mkdir -p "$UNIT_DIR"
  cat > "$UNIT_DIR/cutterd.service" <<EOF
[Unit]
Description=Vinyl cutter drop-folder sender
After=network-online.target

[Service]
ExecStart=$DAEMON
Restart=always
RestartSec=5

[Install]
WantedBy=default.target
EOF
  systemctl --user daemon-reload
  systemctl --user enable --now cutterd.service
  info "enabled user unit cutterd.service"
}

install_fallback() {
  local line="@reboot $DAEMON >/dev/null 2>&1"
  if ! crontab -l 2>/dev/null | grep -Fq "$DAEMON"; then
    { crontab -l 2>/dev/null; echo "$line"; } | crontab -
    info "added @reboot entry to crontab"
  fi
  if ! grep -Fq "cutterd" "$HOME/.bashrc" 2>/dev/null; then
    printf '\n# start cutter sender if not running\npgrep -u "$USER" -f %s >/dev/null || (nohup %s >/dev/null 2>&1 &)\n' \
      "$DAEMON" "$DAEMON" >> "$HOME/.bashrc"
    info "added start line to ~/.bashrc"
  fi
  nohup "$DAEMON" >/dev/null 2>&1 &
}

main() {
  command -v nc >/dev/null || { echo "netcat (nc) is required" >&2; exit 1; }
  write_daemon
  if command -v systemctl >/dev/null && systemctl --user show-environment >/dev/null 2>&1; then
    install_user_unit
  else
    install_fallback
  fi
  info "drop cut files into $DROP_DIR; they go to $CUTTER_IP:$CUTTER_PORT"
}

main
