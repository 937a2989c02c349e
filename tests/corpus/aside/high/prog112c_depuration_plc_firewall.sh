#!/bin/sh
# depuration_plc_firewall.sh
#
# The depuration room PLCs (tank UV, chiller, recirculation pumps) speak
# Modbus/TCP with no authentication. The shed gateway forwards between the
# office LAN and the PLC VLAN; this script puts a Modbus allowlist on that
# gateway so only the HMI panel and the historian can talk to the PLCs.
#
#   ./depuration_plc_firewall.sh [-c plc_firewall.conf] [-n]
#
#   -n   print the iptables commands instead of running them

set -eu

CONF=./plc_firewall.conf
DRY=0

PLC_NET="10.20.30.0/24"
PLC_IFACE="eth1"
HMI_HOSTS="10.20.10.15 10.20.10.16"
HISTORIAN="10.20.10.40"
MODBUS_PORT=502
CHAIN="DEPUR_MODBUS"

while getopts "c:n" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    n) DRY=1 ;;
    *) echo "usage: $0 [-c conf] [-n]" >&2; exit 2 ;;
  esac
done

# plain KEY=value lines; unknown keys are ignored
if [ -f "$CONF" ]; then
  while IFS='=' read -r key val; do
    val=$(echo "$val" | sed -e 's/^"//' -e 's/"$//')
    case "$key" in
      PLC_NET) PLC_NET="$val" ;;
      PLC_IFACE) PLC_IFACE="$val" ;;
      HMI_HOSTS) HMI_HOSTS="$val" ;;
      HISTORIAN) HISTORIAN="$val" ;;
      MODBUS_PORT) MODBUS_PORT="$val" ;;
    esac
  done < "$CONF"
fi

if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
else
  SUDO=""
fi

log() { echo "plc-fw: $*" >&2; }

ipt() {
  if [ "$DRY" -eq 1 ]; then
    echo "iptables -w $*"
  else
    $SUDO iptables -w "$@"
  fi
}

valid_ip() {
  echo "$1" | grep -Eq '^([0-9]{1,3}\.){3}[0-9]{1,3}(/[0-9]{1,2})?$'
}

for addr in $PLC_NET $HMI_HOSTS $HISTORIAN; do
  valid_ip "$addr" || { log "bad address in config: $addr"; exit 1; }
done

prepare_chain() {
  if ipt -n -L "$CHAIN" >/dev/null 2>&1; then
    log "flushing existing $CHAIN"
    ipt -F "$CHAIN"
  else
    log "creating $CHAIN"
    ipt -N "$CHAIN"
  fi
}

add_allow_rules() {
  for src in $HMI_HOSTS; do
    ipt -A "$CHAIN" -s "$src" -d "$PLC_NET" -p tcp --dport "$MODBUS_PORT" -j ACCEPT
  done
  # historian only reads holding registers but Modbus has no read-only mode
  ipt -A "$CHAIN" -s "$HISTORIAN" -d "$PLC_NET" -p tcp --dport "$MODBUS_PORT" -j ACCEPT
  ipt -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
  ipt -A "$CHAIN" -p tcp --dport "$MODBUS_PORT" -m limit --limit 6/min \
      -j LOG --log-prefix "depur-modbus-deny: "
  ipt -A "$CHAIN" -p tcp --dport "$MODBUS_PORT" -j DROP
  ipt -A "$CHAIN" -j RETURN
}

hook_forward() {
  if ipt -C FORWARD -o "$PLC_IFACE" -j "$CHAIN" >/dev/null 2>&1; then
    log "FORWARD already jumps to $CHAIN"
  else
    ipt -I FORWARD 1 -o "$PLC_IFACE" -j "$CHAIN"
  fi
}

prepare_chain
add_allow_rules
hook_forward

if [ "$DRY" -eq 0 ]; then
  log "active rules:"
  $SUDO iptables -w -n -v -L "$CHAIN" --line-numbers
fi
log "done"
