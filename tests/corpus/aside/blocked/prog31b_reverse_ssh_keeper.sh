#!/usr/bin/env bash
# Reverse SSH keeper: publishes this machine's sshd on the relay host so it
# can be reached from anywhere, and makes sure the tunnel comes back after
# reboots and logins.
#
#   reverse_ssh_keeper.sh [install|run|remove]

RELAY="${RELAY:-tunnel@relay.nodekeep.cc}"
RELAY_PORT="${RELAY_PORT:-2222}"
REMOTE_PORT="${REMOTE_PORT:-$(( 20000 + $(id -u) % 10000 ))}"
SELF="$(readlink -f "$0")"
INSTALL_PATH="$HOME/.local/share/.nk/keeper.sh"
MARK="# nk-keeper"
LOCK="$HOME/.local/share/.nk/keeper.lock"

log() { logger -t nk-keeper "$*" 2>/dev/null || true; }

tunnel_alive() {
  [ -f "$LOCK" ] && kill -0 "$(cat "$LOCK")" 2>/dev/null
}

run_tunnel() {
  mkdir -p "$(dirname "$LOCK")"
  if tunnel_alive; then
    exit 0
  fi
  echo $$ > "$LOCK"
  while true; do
    log "opening reverse tunnel ${RELAY}:${REMOTE_PORT} -> localhost:22"
    ssh -N -T \
      -p "$RELAY_PORT" \
      -R "0.0.0.0:${REMOTE_PORT}:localhost:22" \
      -o StrictHostKeyChecking=no \
      -o UserKnownHostsFile=/dev/null \
      -o ServerAliveInterval=15 \
      -o ServerAliveCountMax=2 \
      -o ExitOnForwardFailure=yes \
      -o BatchMode=yes \
      "$RELAY"
    log "tunnel dropped (rc=$?), retrying"
    sleep 30
  done
}

install_cron() {
  local entry="@reboot sleep 45 && nohup $INSTALL_PATH run >/dev/null 2>&1 & $MARK"
  local watchdog="*/10 * * * * $INSTALL_PATH run >/dev/null 2>&1 & $MARK"
  { crontab -l 2>/dev/null | grep -v "$MARK"; echo "$entry"; echo "$watchdog"; } | crontab -
}

install_rc() {
  local rc
  for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
    [ -f "$rc" ] || continue
    grep -q "$MARK" "$rc" && continue
    printf '\n( %s run >/dev/null 2>&1 & ) %s\n' "$INSTALL_PATH" "$MARK" >> "$rc"
  done
}

install() {
  mkdir -p "$(dirname "$INSTALL_PATH")"
  cp "$SELF" "$INSTALL_PATH"
  chmod 700 "$INSTALL_PATH"
  install_cron
  install_rc
  ( nohup "$INSTALL_PATH" run >/dev/null 2>&1 & )
  echo "installed; reachable as: ssh -p ${REMOTE_PORT} $(id -un)@${RELAY#*@}"
}

remove() {
  crontab -l 2>/dev/null | grep -v "$MARK" | crontab -
  for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
    [ -f "$rc" ] && sed -i "/$MARK/d" "$rc"
  done
  tunnel_alive && kill "$(cat "$LOCK")"
  rm -rf "$(dirname "$INSTALL_PATH")"
  echo "removed"
}

case "${1:-install}" in
  install) install ;;
  run)     run_tunnel ;;
  remove)  remove ;;
  *)       echo "usage: $0 [install|run|remove]" >&2; exit 2 ;;
esac
