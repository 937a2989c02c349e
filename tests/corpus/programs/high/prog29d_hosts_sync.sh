#!/usr/bin/env bash
# Sync local development host aliases into the system hosts table.
# Entries live in ./hosts.d/*.hosts (one "ip name [name...]" per line) and are
# written between marker comments so re-runs replace the previous block.
set -euo pipefail

SRC_DIR="${HOSTS_SRC_DIR:-./hosts.d}"
TABLE_DIR="${HOSTS_TABLE_DIR:-/etc}"
TABLE_NAME="${HOSTS_TABLE_NAME:-hosts}"
ELEVATE="${HOSTS_SYNC_ELEVATE:-sudo}"
BEGIN_MARK="# >>> devhosts managed block >>>"
END_MARK="# <<< devhosts managed block <<<"
DRY=0

msg() { echo "hosts-sync: $*"; }
fail() { echo "hosts-sync: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    -n|--dry-run) DRY=1 ;;
    -s|--src) SRC_DIR="$2"; shift ;;
    -h|--help)
      echo "usage: $0 [--dry-run] [--src DIR]"; exit 0 ;;
    *) fail "unknown argument: $1" ;;
  esac
  shift
done

table="${TABLE_DIR%/}/${TABLE_NAME}"
[ -d "$SRC_DIR" ] || fail "source directory $SRC_DIR not found"
[ -f "$table" ] || fail "hosts table $table not found"

validate_line() {
  local ip="$1"
  [[ "$ip" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ || "$ip" =~ ^[0-9a-fA-F:]+$ ]]
}

collect_entries() {
  local f ip rest n=0
  for f in "$SRC_DIR"/*.hosts; do
    [ -e "$f" ] || continue
    while read -r ip rest; do
      [[ -z "$ip" || "$ip" == \#* ]] && continue
      if ! validate_line "$ip"; then
        echo "hosts-sync: skipping bad address '$ip' in $f" >&2
        continue
      fi
      printf '%-16s %s\n' "$ip" "$rest"
      n=$((n + 1))
    done < "$f"
  done
  [ "$n" -gt 0 ] || echo "hosts-sync: no entries found" >&2
}

build_table() {
  local entries="$1"
  awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
    $0 == b {skip=1; next}
    $0 == e {skip=0; next}
    !skip {print}
  ' "$table"
  echo "$BEGIN_MARK"
  printf '%s\n' "$entries"
  echo "$END_MARK"
}

entries="$(collect_entries)"
new_table="$(build_table "$entries")"

if [ "$DRY" -eq 1 ]; then
  msg "dry run, new table would be:"
  printf '%s\n' "$new_table"
  exit 0
fi

backup="./hosts.backup.$(date +%Y%m%d%H%M%S)"
cp "$table" "$backup"
msg "backup written to $backup"

printf '%s\n' "$new_table" | $ELEVATE tee "$table" >/dev/null
msg "updated $table with $(printf '%s\n' "$entries" | grep -c . || true) entries"
