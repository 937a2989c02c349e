#!/usr/bin/env bash
# Builds the weekly inspection rota: pairs each hive with two members,
# rotating through the member list so nobody gets every Saturday.
set -euo pipefail

MEMBERS="${MEMBERS_CSV:-members.csv}"
HIVES="${HIVES_CSV:-hives.csv}"
OUT_DIR="${OUT_DIR:-./out}"
CACHE="$OUT_DIR/.cache"
declare -a DAYS=(Sat Sun Wed)

log() { printf '%s\n' "$*" >&2; }

usage() {
  cat <<EOF
usage: $(basename "$0") [-w week] [-c]
  -w  ISO week number used to rotate the list (default: this week)
  -c  remove cached intermediate files and exit
EOF
}

column_of() {
  # prints the 1-based index of a header name in a CSV file
  head -n1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1
}

read_column() {
  local file="$1" name="$2" idx
  idx="$(column_of "$file" "$name")" || { log "no column $name in $file"; return 1; }
  tail -n +2 "$file" | cut -d, -f"$idx" | sed '/^$/d'
}

build() {
  local week="$1" n i h d
  local -a members hives
  mapfile -t members < <(read_column "$MEMBERS" name | sort)
  mapfile -t hives < <(read_column "$HIVES" hive_id)
  n=${#members[@]}
  (( n >= 2 )) || { log "need at least two members"; return 1; }
  mkdir -p "$CACHE"
  printf '%s\n' "${members[@]}" > "$CACHE/members.$week"
  {
    echo "# Inspection rota, week $week"
    echo
    echo "| hive | day | lead | second |"
    echo "|---|---|---|---|"
    for i in "${!hives[@]}"; do
      h="${hives[$i]}"
      d="${DAYS[$(( (i + week) % ${#DAYS[@]} ))]}"
      echo "| $h | $d | ${members[$(( (i + week) % n ))]} | ${members[$(( (i + week + 1) % n ))]} |"
    done
    echo
    . /etc/os-release 2>/dev/null && echo "_generated on ${PRETTY_NAME:-unknown}_"
  } > "$OUT_DIR/rota-week$week.md"
  log "wrote $OUT_DIR/rota-week$week.md (${#hives[@]} hives, $n members)"
}

main() {
  local week
  week="$(date +%V)"
  while getopts ":w:ch" opt; do
    case "$opt" in
      w) week="$OPTARG" ;;
      c) rm -rf "$CACHE"; log "cache cleared"; exit 0 ;;
      h) usage; exit 0 ;;
      *) usage; exit 1 ;;
    esac
  done
  for f in "$MEMBERS" "$HIVES"; do
    [[ -r "$f" ]] || { log "missing $f"; exit 1; }
  done
  build "$((10#$week))"
}

main "$@"
