#!/usr/bin/env bash
# scraper_egress_rotate.sh - route the scraper account's traffic through Tor.
#
# SERP rank tracking gets throttled fast from a single datacenter IP. This
# sends everything the "scraper" user opens over TCP through the local Tor
# TransPort (and its DNS through Tor's DNSPort), and can ask Tor for a fresh
# circuit between keyword batches.
#
#   scraper_egress_rotate.sh up|down|newnym|status [-u scraper]
set -euo pipefail

SCRAPER_USER=scraper
TRANS_PORT=9040
DNS_PORT=5353
CONTROL_PORT=9051
CHAIN=SCRAPER_EGRESS
LOGFILE=./egress.log

log() { echo "$(date -Is) $*" | tee -a "$LOGFILE" >&2; }

cmd="${1:-status}"; shift || true
while getopts "u:" o; do
  case "$o" in
    u) SCRAPER_USER="$OPTARG" ;;
    *) echo "usage: $0 up|down|newnym|status [-u user]" >&2; exit 2 ;;
  esac
done

ipt() { sudo iptables -w 5 "$@"; }

require_tor() {
  if ! systemctl is-active --quiet tor; then
    log "tor is not running, starting it"
    sudo systemctl start tor
    sleep 3
  fi
  ss -ltn | grep -q ":$TRANS_PORT " || { log "Tor TransPort $TRANS_PORT not listening (check torrc)"; exit 1; }
}

rules_up() {
  local uid
  uid=$(id -u "$SCRAPER_USER") || { log "no such user $SCRAPER_USER"; exit 1; }
  require_tor
  if ipt -t nat -nL "$CHAIN" >/dev/null 2>&1; then
    log "$CHAIN already present, refreshing"
    rules_down
  fi
  ipt -t nat -N "$CHAIN"
  # keep local and private ranges direct
  for net in 127.0.0.0/8 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16; do
    ipt -t nat -A "$CHAIN" -d "$net" -j RETURN
  done
  ipt -t nat -A "$CHAIN" -p udp --dport 53 -j REDIRECT --to-ports "$DNS_PORT"
  ipt -t nat -A "$CHAIN" -p tcp --syn -j REDIRECT --to-ports "$TRANS_PORT"
  ipt -t nat -A OUTPUT -m owner --uid-owner "$uid" -j "$CHAIN"
  # anything else the scraper tries (QUIC, raw UDP) would leak the real IP
  ipt -A OUTPUT -m owner --uid-owner "$uid" -p udp ! --dport 53 -j REJECT
  log "egress for $SCRAPER_USER (uid $uid) now goes through Tor"
}

rules_down() {
  local uid
  uid=$(id -u "$SCRAPER_USER")
  ipt -t nat -D OUTPUT -m owner --uid-owner "$uid" -j "$CHAIN" 2>/dev/null || true
  ipt -D OUTPUT -m owner --uid-owner "$uid" -p udp ! --dport 53 -j REJECT 2>/dev/null || true
  ipt -t nat -F "$CHAIN" 2>/dev/null || true
  ipt -t nat -X "$CHAIN" 2>/dev/null || true
  log "Tor routing for $SCRAPER_USER removed"
}

new_circuit() {
  local cookie auth
  cookie=/run/tor/control.authcookie
  if [[ -r "$cookie" ]]; then
    auth=$(xxd -p -c 64 "$cookie")
  else
    auth="\"${TOR_CONTROL_PASSWORD:-}\""
  fi
  printf 'AUTHENTICATE %s\r\nSIGNAL NEWNYM\r\nQUIT\r\n' "$auth" \
    | nc -q 2 127.0.0.1 "$CONTROL_PORT" | grep -q '^250 OK' \
    && log "new Tor circuit requested" || { log "NEWNYM failed"; exit 1; }
}

status() {
  sudo iptables -t nat -nvL "$CHAIN" 2>/dev/null || echo "no $CHAIN chain (routing is down)"
  sudo -u "$SCRAPER_USER" curl -s --max-time 20 https://check.torproject.org/api/ip || true
  echo
}

case "$cmd" in
  up) rules_up ;;
  down) rules_down ;;
  newnym) new_circuit ;;
  status) status ;;
  *) echo "unknown command $cmd" >&2; exit 2 ;;
esac
