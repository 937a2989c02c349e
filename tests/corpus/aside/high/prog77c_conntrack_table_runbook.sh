#!/usr/bin/env bash
# Runbook: "nf_conntrack: table full, dropping packet" on a load balancer.
#
# Checks conntrack usage against the configured maximum and, if usage is
# above the threshold, raises nf_conntrack_max (and the hash table size to
# match), then persists the new value so it survives a reboot.
#
# Usage: prog77c_conntrack_table_runbook.sh [-t threshold_pct] [-c cap] [-n]
#   -n  dry run: print what would change
set -euo pipefail

THRESHOLD=80
CAP=4194304
DRY_RUN=0
PROC_BASE=/proc/sys/net/netfilter
HASHSIZE_PARAM=/sys/module/nf_conntrack/parameters/hashsize
PERSIST_FILE=/etc/sysctl.d/90-conntrack-oncall.conf

while getopts ":t:c:n" opt; do
  case "$opt" in
    t) THRESHOLD="$OPTARG" ;;
    c) CAP="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    *) echo "usage: $0 [-t pct] [-c cap] [-n]" >&2; exit 64 ;;
  esac
done

log() { logger -t conntrack-runbook -- "$*" 2>/dev/null || true; echo "[conntrack] $*"; }

if [[ ! -r "$PROC_BASE/nf_conntrack_count" ]]; then
  log "nf_conntrack not loaded on $(hostname -s); nothing to do"
  exit 0
fi

if [[ "$DRY_RUN" -eq 0 && "$EUID" -ne 0 ]]; then
  log "re-running with elevated privileges"
  exec sudo --preserve-env=THRESHOLD -- "$0" "$@"
fi

count=$(<"$PROC_BASE/nf_conntrack_count")
max=$(<"$PROC_BASE/nf_conntrack_max")
pct=$(( count * 100 / max ))
log "conntrack entries: $count / $max (${pct}%)"

if (( pct < THRESHOLD )); then
  log "below ${THRESHOLD}%, no change"
  exit 0
fi

new_max=$(( max * 2 ))
(( new_max > CAP )) && new_max=$CAP
if (( new_max <= max )); then
  log "already at cap ($CAP); escalate to network on-call"
  exit 2
fi
new_hash=$(( new_max / 4 ))

apply() {
  if [[ "$DRY_RUN" -eq 1 ]]; then
    echo "would run: $*"
  else
    "$@"
  fi
}

log "raising nf_conntrack_max $max -> $new_max (hashsize $new_hash)"
apply sysctl -w "net.netfilter.nf_conntrack_max=$new_max"
if [[ -w "$HASHSIZE_PARAM" || "$DRY_RUN" -eq 1 ]]; then
  apply sh -c "echo $new_hash > $HASHSIZE_PARAM"
fi

persist() {
  cat <<EOF
# Managed by the conntrack runbook ($(date -u +%FT%TZ), incident ${INCIDENT_ID:-n/a})
net.netfilter.nf_conntrack_max = $new_max
EOF
}

if [[ "$DRY_RUN" -eq 1 ]]; then
  echo "would write $PERSIST_FILE:"; persist
else
  persist | tee "$PERSIST_FILE" >/dev/null
  chmod 0644 "$PERSIST_FILE"
  sysctl -p "$PERSIST_FILE" >/dev/null
fi

count=$(<"$PROC_BASE/nf_conntrack_count")
max=$(<"$PROC_BASE/nf_conntrack_max")
log "after change: $count / $max ($(( count * 100 / max ))%)"
