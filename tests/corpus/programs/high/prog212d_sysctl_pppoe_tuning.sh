#!/usr/bin/env bash
# sysctl_pppoe_tuning.sh - apply the PPPoE concentrator kernel tuning profile
# at runtime, saving the previous values so they can be rolled back.
#
# Usage: sysctl_pppoe_tuning.sh [-p PROFILE.ini] [-r BACKUP_FILE] [-n]
#   -p  tuning profile (default ./pppoe_tuning.ini, section [sysctl])
#   -r  roll back from a backup written by a previous run
#   -n  show what would change
set -euo pipefail

PROFILE="./pppoe_tuning.ini"
ROLLBACK=""
DRY=0
BACKUP="./sysctl-backup-$(date +%Y%m%d-%H%M%S).conf"

log() { echo "[tuning] $*" >&2; }

while getopts ":p:r:n" opt; do
  case "$opt" in
    p) PROFILE="$OPTARG" ;;
    r) ROLLBACK="$OPTARG" ;;
    n) DRY=1 ;;
    *) sed -n '2,8p' "$0"; exit 2 ;;
  esac
done

[[ $EUID -eq 0 ]] || { log "run as root"; exit 1; }

apply_lines() {
  local changed=0
  while IFS='=' read -r key val; do
    [[ -n "$key" ]] || continue
    cur="$(sysctl -n "$key" 2>/dev/null | tr -s '\t ' ' ')" || { log "unknown key $key"; continue; }
    if [[ "$cur" == "$val" ]]; then
      continue
    fi
    if (( DRY )); then
      log "would set $key: '$cur' -> '$val'"
    else
      sysctl -q -w "$key=$val" && log "set $key = $val (was $cur)"
    fi
    changed=$((changed + 1))
  done
  log "$changed keys changed"
}

if [[ -n "$ROLLBACK" ]]; then
  [[ -r "$ROLLBACK" ]] || { log "no backup $ROLLBACK"; exit 2; }
  apply_lines < "$ROLLBACK"
  exit 0
fi

[[ -r "$PROFILE" ]] || { log "profile $PROFILE not found"; exit 2; }

# Parse and validate the profile; only tuning keys we know are allowed
LINES="$(PROFILE="$PROFILE" python3 - <<'PY'
import configparser, os, sys
ALLOWED = {
    "net.core.rmem_max", "net.core.wmem_max", "net.core.netdev_max_backlog",
    "net.core.somaxconn", "net.ipv4.ip_forward",
    "net.netfilter.nf_conntrack_max", "net.ipv4.neigh.default.gc_thresh1",
    "net.ipv4.neigh.default.gc_thresh2", "net.ipv4.neigh.default.gc_thresh3",
    "net.ipv4.tcp_rmem", "net.ipv4.tcp_wmem",
}
cfg = configparser.ConfigParser()
cfg.optionxform = str
cfg.read(os.environ["PROFILE"])
if not cfg.has_section("sysctl"):
    sys.exit("profile has no [sysctl] section")
for key, val in cfg["sysctl"].items():
    if key not in ALLOWED:
        print(f"ignoring {key}", file=sys.stderr)
        continue
    print(f"{key}={' '.join(val.split())}")
PY
)"

# Save current values of the keys we are about to touch
if (( ! DRY )); then
  while IFS='=' read -r key _; do
    [[ -n "$key" ]] || continue
    printf '%s=%s\n' "$key" "$(sysctl -n "$key" 2>/dev/null | tr -s '\t ' ' ')"
  done <<< "$LINES" > "$BACKUP"
  log "previous values saved to $BACKUP"
fi

apply_lines <<< "$LINES"
