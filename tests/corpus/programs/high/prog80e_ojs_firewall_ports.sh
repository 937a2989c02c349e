#!/usr/bin/env bash
# Open the ports an Open Journal Systems host needs and persist the rules.
#
# Allows HTTP/HTTPS from anywhere, the OAI-PMH harvester port and SSH only
# from the editorial office network. Idempotent: each rule is checked with
# iptables -C before it is appended.
#
# usage: prog80e_ojs_firewall_ports.sh [-c ports.conf] [-n]
set -euo pipefail

CONF="ports.conf"
DRY_RUN=0
OFFICE_NET="${OFFICE_NET:-10.42.0.0/16}"
RULES_FILE="/etc/iptables/rules.v4"

while getopts ":c:n" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    *) echo "usage: $0 [-c ports.conf] [-n]" >&2; exit 2 ;;
  esac
done

log() { echo "$(date '+%F %T') $*"; }

# ports.conf lines: <port> <proto> <source-cidr|any> <comment...>
default_rules() {
  cat <<EOF
80 tcp any http
443 tcp any https
8443 tcp any oai-pmh-harvest
22 tcp $OFFICE_NET ssh-office
EOF
}

load_rules() {
  if [[ -f "$CONF" ]]; then
    grep -Ev '^\s*(#|$)' "$CONF"
  else
    default_rules
  fi
}

ipt() {
  if [[ $DRY_RUN -eq 1 ]]; then
    echo "would run: iptables $*"
    return 0
  fi
  sudo iptables "$@"
}

ensure_rule() {
  local port="$1" proto="$2" src="$3" comment="$4"
  local spec=(-p "$proto" --dport "$port" -m conntrack --ctstate NEW
              -m comment --comment "ojs:$comment" -j ACCEPT)
  [[ "$src" != any ]] && spec=(-s "$src" "${spec[@]}")
  if [[ $DRY_RUN -eq 0 ]] && sudo iptables -C INPUT "${spec[@]}" 2>/dev/null; then
    log "present: $comment ($proto/$port from $src)"
  else
    ipt -I INPUT 1 "${spec[@]}"
    log "added:   $comment ($proto/$port from $src)"
  fi
}

ensure_baseline() {
  local est=(-m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT)
  if [[ $DRY_RUN -eq 1 ]] || ! sudo iptables -C INPUT "${est[@]}" 2>/dev/null; then
    ipt -I INPUT 1 "${est[@]}"
  fi
  if [[ $DRY_RUN -eq 1 ]] || ! sudo iptables -C INPUT -i lo -j ACCEPT 2>/dev/null; then
    ipt -I INPUT 1 -i lo -j ACCEPT
  fi
}

persist() {
  [[ $DRY_RUN -eq 1 ]] && { log "dry-run: not saving"; return; }
  sudo mkdir -p "$(dirname "$RULES_FILE")"
  sudo iptables-save | sudo tee "$RULES_FILE" >/dev/null
  log "saved rules to $RULES_FILE"
}

main() {
  command -v iptables >/dev/null || { log "iptables not installed"; exit 1; }
  ensure_baseline
  local n=0
  while read -r port proto src comment; do
    [[ -z "${port:-}" ]] && continue
    [[ "$port" =~ ^[0-9]+$ ]] || { log "skipping bad line: $port $proto $src"; continue; }
    ensure_rule "$port" "$proto" "$src" "${comment:-rule$n}"
    n=$((n + 1))
  done < <(load_rules)
  persist
  log "$n rules ensured"
}

main "$@"
