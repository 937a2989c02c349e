#!/bin/sh
# depuration_plc_rules.sh
#
# The depuration room PLCs (tank UV, chiller, recirculation pumps) speak
# Modbus/TCP with no authentication. The shed gateway forwards between the
# office LAN and the PLC VLAN; this script writes the Modbus allowlist for
# that gateway as an iptables-restore fragment so the network contractor can
# review it and load it during the next maintenance window.
#
#   ./depuration_plc_rules.sh [-c plc_firewall.conf] [-o depuration-modbus.rules]

set -eu

CONF=./plc_firewall.conf
OUT=./depuration-modbus.rules

PLC_NET="10.20.30.0/24"
PLC_IFACE="eth1"
HMI_HOSTS="10.20.10.15 10.20.10.16"
HISTORIAN="10.20.10.40"
MODBUS_PORT=502
CHAIN="DEPUR_MODBUS"

while getopts "c:o:" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    o) OUT="$OPTARG" ;;
    *) echo "usage: $0 [-c conf] [-o file]" >&2; exit 2 ;;
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

log() { echo "plc-rules: $*" >&2; }

NEW="${OUT}.new"
: > "$NEW"

emit() {
  echo "$*" >> "$NEW"
}

valid_ip() {
  echo "$1" | grep -Eq '^([0-9]{1,3}\.){3}[0-9]{1,3}(/[0-9]{1,2})?$'
}

for addr in $PLC_NET $HMI_HOSTS $HISTORIAN; do
  valid_ip "$addr" || { log "bad address in config: $addr"; rm -f "$NEW"; exit 1; }
done

prepare_chain() {
  emit "# generated $(date '+%Y-%m-%d %H:%M') from $CONF"
  emit "*filter"
  emit ":$CHAIN - [0:0]"
}

add_allow_rules() {
  for src in $HMI_HOSTS; do
    emit "-A $CHAIN -s $src -d $PLC_NET -p tcp --dport $MODBUS_PORT -j ACCEPT"
  done
  # historian only reads holding registers but Modbus has no read-only mode
  emit "-A $CHAIN -s $HISTORIAN -d $PLC_NET -p tcp --dport $MODBUS_PORT -j ACCEPT"
  emit "-A $CHAIN -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT"
  emit "-A $CHAIN -p tcp --dport $MODBUS_PORT -m limit --limit 6/min -j LOG --log-prefix \"depur-modbus-deny: \""
  emit "-A $CHAIN -p tcp --dport $MODBUS_PORT -j DROP"
  emit "-A $CHAIN -j RETURN"
}

hook_forward() {
  emit "-I FORWARD 1 -o $PLC_IFACE -j $CHAIN"
  emit "COMMIT"
}

prepare_chain
add_allow_rules
hook_forward

if [ -f "$OUT" ]; then
  if diff -u -I '^# generated' "$OUT" "$NEW" >&2; then
    log "no change from existing $OUT"
    rm -f "$NEW"
    exit 0
  fi
  cp -p "$OUT" "${OUT}.prev"
fi
mv "$NEW" "$OUT"
chmod 0644 "$OUT"
log "wrote $(grep -c '^-' "$OUT") rules to $OUT"
log "load on the gateway with: iptables-restore --noflush < $(basename "$OUT")"
