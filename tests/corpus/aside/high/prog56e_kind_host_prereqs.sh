#!/bin/sh
# Prepare a CI host for multi-node kind clusters: load the kernel modules
# kube-proxy and overlay networking need, raise inotify and map limits for
# the node containers, and make the root mount shared for mount propagation.
# Runtime changes only; nothing is written to persist across reboots.
set -eu

MODULES="overlay br_netfilter ip_vs ip_vs_rr nf_conntrack"
SYSCTLS="
net.bridge.bridge-nf-call-iptables=1
net.bridge.bridge-nf-call-ip6tables=1
net.ipv4.ip_forward=1
fs.inotify.max_user_watches=524288
fs.inotify.max_user_instances=512
vm.max_map_count=262144
"
CHECK_ONLY=0

say() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

for arg in "$@"; do
  case "$arg" in
    --check) CHECK_ONLY=1 ;;
    -h|--help) echo "usage: $0 [--check]"; exit 0 ;;
    *) warn "unknown argument $arg"; exit 2 ;;
  esac
done

if [ "$(id -u)" -eq 0 ]; then
  AS_ROOT=""
elif command -v doas >/dev/null 2>&1; then
  AS_ROOT="doas"
else
  AS_ROOT="sudo -n"
fi

module_loaded() {
  grep -q "^$1 " /proc/modules 2>/dev/null
}

current_sysctl() {
  sysctl -n "$1" 2>/dev/null || echo "?"
}

report() {
  for m in $MODULES; do
    if module_loaded "$m"; then say "module $m: loaded"; else say "module $m: missing"; fi
  done
  for kv in $SYSCTLS; do
    key=${kv%%=*}
    say "$key = $(current_sysctl "$key") (want ${kv#*=})"
  done
  findmnt -no PROPAGATION / 2>/dev/null | sed 's/^/==> root propagation: /'
}

if [ "$CHECK_ONLY" -eq 1 ]; then
  report
  exit 0
fi

for m in $MODULES; do
  if ! module_loaded "$m"; then
    say "loading $m"
    $AS_ROOT modprobe "$m" || warn "could not load $m"
  fi
done

for kv in $SYSCTLS; do
  key=${kv%%=*}
  want=${kv#*=}
  if [ "$(current_sysctl "$key")" != "$want" ]; then
    say "setting $key=$want"
    $AS_ROOT sysctl -q -w "$key=$want" || warn "could not set $key"
  fi
done

if [ "$(findmnt -no PROPAGATION / 2>/dev/null)" != "shared" ]; then
  say "making / rshared"
  $AS_ROOT mount --make-rshared /
fi

report
say "host ready for kind"
