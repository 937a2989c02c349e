#!/usr/bin/env bash
# Report how a worker node's kernel parameters compare with what kubelet,
# the CNI and kube-proxy expect. Read-only: prints a table and writes the
# same report to ./node-sysctl-report.txt for attaching to a ticket.
#
# usage: node_sysctl_report.sh [-p profile.conf] [-o report.txt]
#   -p  key=value profile (default: ./node-sysctl.conf, built-in if missing)
#   -o  report file (default: ./node-sysctl-report.txt)

set -euo pipefail

PROFILE="./node-sysctl.conf"
REPORT="./node-sysctl-report.txt"
MODULES=(overlay br_netfilter)

log()  { printf '%s [sysctl-report] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ":p:o:h" opt; do
  case $opt in
    p) PROFILE=$OPTARG ;;
    o) REPORT=$OPTARG ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

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

os_name() {
  if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    ( . /etc/os-release; echo "${PRETTY_NAME:-$ID}" )
  else
    echo unknown
  fi
}

main() {
  local desired mismatches=0
  desired=$(load_profile)

  {
    echo "node:    $(hostname)"
    echo "os:      $(os_name)"
    echo "kernel:  $(cat /proc/sys/kernel/osrelease)"
    echo "cpus:    $(grep -c '^processor' /proc/cpuinfo)"
    echo
    printf '%-8s %s\n' "MODULE" "LOADED"
    for m in "${MODULES[@]}"; do
      if grep -q "^${m} " /proc/modules; then state=yes; else state=NO; mismatches=$((mismatches + 1)); fi
      printf '%-8s %s\n' "$m" "$state"
    done
    echo
    printf '%-42s %-12s %-12s %s\n' "PARAMETER" "EXPECTED" "CURRENT" "OK"
    while IFS='=' read -r key value; do
      key=$(echo "$key" | xargs); value=$(echo "$value" | xargs)
      [[ -z $key ]] && continue
      cur=$(current_value "$key")
      if [[ $cur == "$value" ]]; then ok=yes; else ok=NO; mismatches=$((mismatches + 1)); fi
      printf '%-42s %-12s %-12s %s\n' "$key" "$value" "$cur" "$ok"
    done <<< "$desired"
    echo
    echo "mismatches: $mismatches"
  } > "$REPORT"

  cat "$REPORT"
  log "report written to $REPORT"
  [[ $mismatches -eq 0 ]]
}

main "$@"
