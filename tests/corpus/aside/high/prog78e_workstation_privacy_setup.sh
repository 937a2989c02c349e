#!/usr/bin/env bash
# workstation_privacy_setup.sh - baseline privacy settings for investigations laptops
#
# Applied once when a laptop is handed to the investigations desk:
#   * random MAC address per Wi-Fi network and per connection
#   * IPv6 privacy extensions (temporary addresses) everywhere
#   * no kernel pointer / dmesg leaks to unprivileged users
#   * hostname that does not identify the reporter
#   * tracker domains pinned to 0.0.0.0 in the hosts file
#
# Usage: workstation_privacy_setup.sh [--hostname NAME] [--no-hosts] [--dry-run]
set -euo pipefail

SYSCTL_FILE=/etc/sysctl.d/60-newsdesk-privacy.conf
NM_FILE=/etc/NetworkManager/conf.d/90-newsdesk-mac-random.conf
HOSTS_MARK="# newsdesk tracker block"
TRACKERS_URL="https://raw.githubusercontent.com/StevenBlack/hosts/master/data/StevenBlack/hosts"
NEW_HOSTNAME="ws-$(tr -dc 'a-z0-9' < /dev/urandom | head -c 6)"
DO_HOSTS=1
DRY_RUN=0

msg() { printf '==> %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --hostname) NEW_HOSTNAME="$2"; shift 2 ;;
    --no-hosts) DO_HOSTS=0; shift ;;
    --dry-run)  DRY_RUN=1; shift ;;
    -h|--help)  sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

as_root() {
  if [[ $DRY_RUN -eq 1 ]]; then
    printf '[dry-run] %s\n' "$*"
  elif [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo "$@"
  fi
}

write_root_file() {
  local dest="$1" tmp
  tmp=$(mktemp)
  cat > "$tmp"
  if [[ $DRY_RUN -eq 1 ]]; then
    printf '[dry-run] would write %s:\n' "$dest"; sed 's/^/    /' "$tmp"
  else
    as_root install -D -m 0644 -o root -g root "$tmp" "$dest"
  fi
  rm -f "$tmp"
}

kernel_settings() {
  msg "kernel settings -> $SYSCTL_FILE"
  write_root_file "$SYSCTL_FILE" <<'EOF'
# managed by workstation_privacy_setup.sh
net.ipv6.conf.all.use_tempaddr = 2
net.ipv6.conf.default.use_tempaddr = 2
kernel.kptr_restrict = 2
kernel.dmesg_restrict = 1
net.ipv4.tcp_timestamps = 0
EOF
  as_root sysctl --system >/dev/null
}

mac_randomisation() {
  if [[ ! -d /etc/NetworkManager ]]; then
    msg "NetworkManager not present, skipping MAC settings"
    return
  fi
  msg "MAC randomisation -> $NM_FILE"
  write_root_file "$NM_FILE" <<'EOF'
[device]
wifi.scan-rand-mac-address=yes

[connection]
wifi.cloned-mac-address=random
ethernet.cloned-mac-address=stable
connection.stable-id=${CONNECTION}/${BOOT}
EOF
  as_root systemctl restart NetworkManager
}

neutral_hostname() {
  msg "hostname -> $NEW_HOSTNAME"
  as_root hostnamectl set-hostname "$NEW_HOSTNAME"
  as_root sed -i "s/^127\.0\.1\.1.*/127.0.1.1\t$NEW_HOSTNAME/" /etc/hosts
}

tracker_hosts() {
  local list
  list=$(mktemp)
  msg "fetching tracker list"
  if ! curl -fsSL --max-time 60 "$TRACKERS_URL" -o "$list"; then
    msg "tracker list unavailable, hosts file unchanged"; rm -f "$list"; return
  fi
  as_root sed -i "/^$HOSTS_MARK start/,/^$HOSTS_MARK end/d" /etc/hosts
  {
    echo "$HOSTS_MARK start"
    grep -E '^0\.0\.0\.0 [a-z0-9.-]+$' "$list" | grep -v ' 0\.0\.0\.0$'
    echo "$HOSTS_MARK end"
  } | as_root tee -a /etc/hosts >/dev/null
  msg "$(grep -c '^0\.0\.0\.0' "$list") tracker domains pinned"
  rm -f "$list"
}

kernel_settings
mac_randomisation
neutral_hostname
[[ $DO_HOSTS -eq 1 ]] && tracker_hosts
msg "done; reconnect Wi-Fi for the new MAC policy to apply"
