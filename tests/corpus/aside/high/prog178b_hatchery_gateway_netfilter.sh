#!/usr/bin/env bash
# Configure the hatchery gateway to route the sensor VLAN out through the
# office uplink: enable forwarding, NAT the sensor subnet and allow only the
# ports the sensors need. Adds rules; never removes existing ones.
set -euo pipefail

SENSOR_NET="${SENSOR_NET:-198.51.100.0/24}"
SENSOR_IF="${SENSOR_IF:-eth1}"
UPLINK_IF="${UPLINK_IF:-eth0}"
MQTT_BROKER="${MQTT_BROKER:-203.0.113.20}"
ALLOWED_TCP=(443 8883)
ALLOWED_UDP=(123)

log() { printf '[netfilter] %s\n' "$*" >&2; }

priv() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

sysctl_conf() {
  cat <<EOF
# hatchery gateway: route sensor VLAN ${SENSOR_NET}
net.ipv4.ip_forward = 1
net.ipv4.conf.all.rp_filter = 1
EOF
}

enable_forwarding() {
  local key="net.ipv4.ip_forward"
  priv sysctl -w "${key}=1"
  sysctl_conf | priv tee /etc/sysctl.d/60-hatchery-gateway.conf >/dev/null
  log "forwarding enabled and persisted"
}

rule_present() {
  priv iptables -C "$@" 2>/dev/null
}

add_rule() {
  if rule_present "$@"; then
    log "exists: $*"
  else
    priv iptables -A "$@"
    log "added: $*"
  fi
}

nat_rules() {
  priv iptables -t nat -C POSTROUTING -s "$SENSOR_NET" -o "$UPLINK_IF" -j MASQUERADE 2>/dev/null \
    || priv iptables -t nat -A POSTROUTING -s "$SENSOR_NET" -o "$UPLINK_IF" -j MASQUERADE
}

forward_rules() {
  local p
  add_rule FORWARD -i "$UPLINK_IF" -o "$SENSOR_IF" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
  for p in "${ALLOWED_TCP[@]}"; do
    add_rule FORWARD -i "$SENSOR_IF" -o "$UPLINK_IF" -s "$SENSOR_NET" -p tcp --dport "$p" -j ACCEPT
  done
  for p in "${ALLOWED_UDP[@]}"; do
    add_rule FORWARD -i "$SENSOR_IF" -o "$UPLINK_IF" -s "$SENSOR_NET" -p udp --dport "$p" -j ACCEPT
  done
  add_rule FORWARD -i "$SENSOR_IF" -s "$SENSOR_NET" -d "$MQTT_BROKER" -p tcp --dport 1883 -j ACCEPT
}

save_rules() {
  priv mkdir -p /etc/iptables
  priv sh -c 'iptables-save > /etc/iptables/rules.v4'
  log "rules saved to /etc/iptables/rules.v4"
}

declare -A STEPS=([fwd]=enable_forwarding [nat]=nat_rules [filter]=forward_rules [save]=save_rules)
ORDER=(fwd nat filter save)

main() {
  local steps=("$@") s
  [[ ${#steps[@]} -gt 0 ]] || steps=("${ORDER[@]}")
  for s in "${steps[@]}"; do
    "${STEPS[$s]:?unknown step $s}"
  done
  priv iptables -L FORWARD -n --line-numbers | head -n 20
}

main "$@"
