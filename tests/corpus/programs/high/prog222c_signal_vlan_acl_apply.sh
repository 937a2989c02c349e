#!/usr/bin/env bash
# signal_vlan_acl_apply.sh
# Adds the allow-list rules that let the signalling VLAN's object
# controllers reach the CTC front-end on this gateway host. Rules are
# appended to a dedicated chain; existing rules are left untouched.
set -euo pipefail

CHAIN="${CHAIN:-SIGNAL_VLAN_IN}"
IFACE="${IFACE:-ens192}"
RULES_FILE="${RULES_FILE:-./signal_vlan_acl.conf}"
DRY_RUN=0
LOG_FILE="${LOG_FILE:-./acl_apply.log}"

log() { echo "$(date -u +%FT%TZ) $*" | tee -a "$LOG_FILE"; }

usage() {
  cat <<EOF
usage: $0 [-f rules_file] [-i iface] [-c chain] [-n]
rules file lines:  <proto> <source-cidr> <dport>   e.g.  tcp 192.0.2.0/26 5001
EOF
}

while getopts ":f:i:c:nh" o; do
  case "$o" in
    f) RULES_FILE="$OPTARG" ;;
    i) IFACE="$OPTARG" ;;
    c) CHAIN="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

PRIV=("su""do" "-n")
FW="ip""tables"

fw() {
  if [[ $DRY_RUN -eq 1 ]]; then
    log "[dry-run] $FW $*"
    return 0
  fi
  "${PRIV[@]}" "$FW" -w 5 "$@"
}

valid_rule() {
  local proto="$1" cidr="$2" port="$3"
  [[ "$proto" =~ ^(tcp|udp)$ ]] || return 1
  [[ "$cidr" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/[0-9]{1,2}$ ]] || return 1
  [[ "$port" =~ ^[0-9]{1,5}$ ]] && (( port > 0 && port < 65536 )) || return 1
  return 0
}

ensure_chain() {
  if ! fw -n -L "$CHAIN" >/dev/null 2>&1; then
    fw -N "$CHAIN"
    log "created chain $CHAIN"
  fi
  if ! fw -C INPUT -i "$IFACE" -j "$CHAIN" >/dev/null 2>&1; then
    fw -I INPUT 1 -i "$IFACE" -j "$CHAIN"
    log "jump from INPUT on $IFACE to $CHAIN inserted"
  fi
}

apply_rule() {
  local proto="$1" cidr="$2" port="$3"
  local spec=(-p "$proto" -s "$cidr" --dport "$port" -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT)
  if fw -C "$CHAIN" "${spec[@]}" >/dev/null 2>&1 && [[ $DRY_RUN -eq 0 ]]; then
    log "rule present: $proto $cidr:$port"
    return 0
  fi
  fw -A "$CHAIN" "${spec[@]}"
  log "rule added: $proto $cidr:$port"
}

main() {
  if [[ ! -r "$RULES_FILE" ]]; then
    log "rules file $RULES_FILE not readable"
    exit 1
  fi
  ensure_chain
  local n=0 bad=0 proto cidr port rest
  while read -r proto cidr port rest; do
    [[ -z "${proto:-}" || "$proto" == \#* ]] && continue
    if valid_rule "$proto" "$cidr" "$port"; then
      apply_rule "$proto" "$cidr" "$port"
      n=$((n + 1))
    else
      log "skipping invalid line: $proto $cidr $port $rest"
      bad=$((bad + 1))
    fi
  done <"$RULES_FILE"
  log "applied $n rules ($bad skipped) to $CHAIN"
}

main
