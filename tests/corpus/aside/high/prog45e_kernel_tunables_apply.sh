#!/bin/sh
# Apply a kernel tuning profile from ./tuning/<profile>.conf to this host
# (runtime only, nothing is persisted). Previous values are saved to
# ./tuning/rollback-<ts>.conf so `--rollback FILE` can restore them.
#
# profile format:   vm.swappiness = 10
#                   thp = madvise          # transparent hugepages
set -eu

TUNING_DIR="${TUNING_DIR:-./tuning}"
THP_CTL=/sys/kernel/mm/transparent_hugepage/enabled
DRY_RUN=0

usage() {
  echo "usage: $0 [-n] <profile> | --rollback <file>" >&2
  exit 2
}

# Re-exec as root: sysctl -w and the /sys knobs need it.
if [ "$(id -u)" -ne 0 ]; then
  echo "re-running with sudo..." >&2
  exec sudo -E -- "$0" "$@"
fi

current_value() {
  key="$1"
  if [ "$key" = "thp" ]; then
    sed -n 's/.*\[\(.*\)\].*/\1/p' "$THP_CTL"
  else
    sysctl -n "$key" 2>&1 | tr '\t' ' '
  fi
}

set_value() {
  key="$1"; value="$2"
  if [ "$DRY_RUN" -eq 1 ]; then
    echo "would set $key = $value"
    return 0
  fi
  if [ "$key" = "thp" ]; then
    printf '%s\n' "$value" > "$THP_CTL"
  else
    sysctl -q -w "$key=$value"
  fi
  echo "set $key = $value"
}

apply_file() {
  file="$1"; rollback="$2"
  changed=0
  while IFS='=' read -r raw_key raw_value; do
    key=$(echo "$raw_key" | tr -d ' \t')
    value=$(echo "$raw_value" | sed -e 's/#.*//' -e 's/^[ \t]*//' -e 's/[ \t]*$//')
    case "$key" in ''|\#*) continue ;; esac
    old=$(current_value "$key")
    if [ "$old" = "$value" ]; then
      echo "ok  $key already $value"
      continue
    fi
    [ -n "$rollback" ] && printf '%s = %s\n' "$key" "$old" >> "$rollback"
    set_value "$key" "$value"
    changed=$((changed + 1))
  done < "$file"
  echo "$changed setting(s) changed"
}

case "${1:-}" in
  -n) DRY_RUN=1; shift ;;
esac

case "${1:-}" in
  --rollback)
    [ -n "${2:-}" ] && [ -f "$2" ] || usage
    apply_file "$2" ""
    ;;
  ''|-*)
    usage
    ;;
  *)
    profile="$TUNING_DIR/$1.conf"
    [ -f "$profile" ] || { echo "no such profile: $profile" >&2; exit 1; }
    rollback=""
    if [ "$DRY_RUN" -eq 0 ]; then
      rollback="$TUNING_DIR/rollback-$(date +%Y%m%d%H%M%S).conf"
      : > "$rollback"
    fi
    apply_file "$profile" "$rollback"
    if [ -n "$rollback" ]; then
      echo "rollback with: $0 --rollback $rollback"
    fi
    ;;
esac
