#!/usr/bin/env bash
# Open (or close) service ports on this host from a small rules file.
# Rules file format, one per line:   <port>/<proto>  <source-cidr>  [comment]
set -euo pipefail

RULES_FILE="${RULES_FILE:-./firewall.rules}"
ACTION="apply"
CHAIN="INPUT"
PERSIST=0
IPT="iptables"

red()   { printf '\033[31m%s\033[0m\n' "$*"; }
green() { printf '\033[32m%s\033[0m\n' "$*"; }
info()  { printf '  - %s\n' "$*"; }

usage() {
  cat <<EOF
Usage: ${0##*/} [options] [apply|remove|list]
  -f FILE   rules file (default: $RULES_FILE)
  -c CHAIN  chain to manage (default: $CHAIN)
  -6        manage IPv6 rules with ip6tables
  -p        persist with iptables-save to /etc/iptables/rules.v4
EOF
}

while getopts "f:c:6ph" opt; do
  case "$opt" in
    f) RULES_FILE="$OPTARG" ;;
    c) CHAIN="$OPTARG" ;;
    6) IPT="ip6tables" ;;
    p) PERSIST=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && ACTION="$1"

SUDO=()
(( EUID == 0 )) || SUDO=(sudo)
ipt() { "${SUDO[@]}" "$IPT" -w 5 "$@"; }

declare -a PORTS=() SOURCES=() COMMENTS=()

load_rules() {
  [[ -r "$RULES_FILE" ]] || { red "cannot read $RULES_FILE"; exit 1; }
  local spec src comment
  while read -r spec src comment; do
    [[ -z "$spec" || "$spec" == \#* ]] && continue
    if [[ ! "$spec" =~ ^[0-9]{1,5}/(tcp|udp)$ ]]; then
      red "bad port spec: $spec"; exit 1
    fi
    PORTS+=("$spec")
    SOURCES+=("${src:-0.0.0.0/0}")
    COMMENTS+=("${comment:-managed}")
  done < "$RULES_FILE"
  info "loaded ${#PORTS[@]} rules from $RULES_FILE"
}

rule_args() {
  local i="$1" port proto
  port="${PORTS[$i]%/*}"; proto="${PORTS[$i]#*/}"
  printf '%s\n' -p "$proto" -s "${SOURCES[$i]}" --dport "$port" \
    -m conntrack --ctstate NEW -m comment --comment "svc:${COMMENTS[$i]}" -j ACCEPT
}

apply_rules() {
  local i
  local -a args
  for i in "${!PORTS[@]}"; do
    mapfile -t args < <(rule_args "$i")
    if ipt -C "$CHAIN" "${args[@]}" 2>/dev/null; then
      info "exists: ${PORTS[$i]} from ${SOURCES[$i]}"
    else
      ipt -I "$CHAIN" 1 "${args[@]}"
      green "added:  ${PORTS[$i]} from ${SOURCES[$i]}"
    fi
  done
}

remove_rules() {
  local i
  local -a args
  for i in "${!PORTS[@]}"; do
    mapfile -t args < <(rule_args "$i")
    while ipt -C "$CHAIN" "${args[@]}" 2>/dev/null; do
      ipt -D "$CHAIN" "${args[@]}"
      green "removed: ${PORTS[$i]} from ${SOURCES[$i]}"
    done
  done
}

persist() {
  (( PERSIST )) || return 0
  local dest="/etc/iptables/rules.v4"
  [[ "$IPT" == ip6tables ]] && dest="/etc/iptables/rules.v6"
  "${SUDO[@]}" mkdir -p /etc/iptables
  "${SUDO[@]}" "${IPT}-save" | "${SUDO[@]}" tee "$dest" >/dev/null
  info "saved to $dest"
}

case "$ACTION" in
  apply)  load_rules; apply_rules; persist ;;
  remove) load_rules; remove_rules; persist ;;
  list)   ipt -S "$CHAIN" | grep -- '--comment "\?svc:' || info "no managed rules" ;;
  *) usage; exit 2 ;;
esac
