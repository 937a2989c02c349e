#!/usr/bin/env bash
# Prepare a worker node for kubelet: load the bridge/overlay modules and
# apply the kernel parameters the CNI and kube-proxy expect. Idempotent, so
# it can run from cloud-init user-data or by hand after a kernel upgrade.
#
# usage: node_sysctl_tuner.sh [-p profile.conf] [-n]
#   -p  key=value profile (default: ./node-sysctl.conf, built-in if missing)
#   -n  dry run, show what would change

set -euo pipefail

PROFILE="./node-sysctl.conf"
DRY_RUN=0
MODULES=(overlay br_netfilter)
SYSCTL_DROPIN=/etc/sysctl.d/99-kubernetes.conf
MODULES_DROPIN=/etc/modules-load.d/kubernetes.conf

log()  { printf '%s [sysctl-tuner] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ":p:nh" opt; do
  case $opt in
    p) PROFILE=$OPTARG ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo --non-interactive "$@"; fi
}

default_profile() {
  cat <<'EOF'
net.bridge.bridge-nf-call-iptables = 1
net.bridge.bridge-nf-call-ip6tables = 1
net.ipv4.ip_forward = 1
net.ipv4.conf.all.rp_filter = 0
fs.inotify.max_user_instances = 8192
fs.inotify.max_user_watches = 524288
vm.max_map_count = 262144
kernel.pid_max = 4194304
EOF
}

load_profile() {
  if [[ -r $PROFILE ]]; then
    grep -Ev '^\s*(#|$)' "$PROFILE"
  else
    log "profile $PROFILE not found, using built-in defaults"
    default_profile
  fi
}

current_value() {
  local key=$1
  local path="/proc/sys/${key//./\/}"
  [[ -r $path ]] && tr -s '\t ' ' ' < "$path" || echo "<absent>"
}

main() {
  local desired changes=0
  desired=$(load_profile)

  for m in "${MODULES[@]}"; do
    if ! grep -q "^${m} " /proc/modules; then
      log "loading module $m"
      (( DRY_RUN )) || as_root modprobe "$m"
    fi
  done

  while IFS='=' read -r key value; do
    key=$(echo "$key" | xargs); value=$(echo "$value" | xargs)
    [[ -z $key ]] && continue
    cur=$(current_value "$key")
    if [[ $cur != "$value" ]]; then
      log "$key: $cur -> $value"
      changes=$((changes + 1))
    fi
  done <<< "$desired"

  if (( DRY_RUN )); then
    log "dry run: $changes parameter(s) would change"
    exit 0
  fi

  printf '%s\n' "${MODULES[@]}" | as_root tee "$MODULES_DROPIN" >/dev/null
  {
    echo "# managed by node_sysctl_tuner.sh - $(date -u +%F)"
    echo "$desired"
  } | as_root tee "$SYSCTL_DROPIN" >/dev/null
  as_root chmod 0644 "$SYSCTL_DROPIN" "$MODULES_DROPIN"

  as_root sysctl --quiet --system || die "sysctl --system failed"
  log "applied $changes change(s); drop-ins in $SYSCTL_DROPIN and $MODULES_DROPIN"
}

main "$@"
