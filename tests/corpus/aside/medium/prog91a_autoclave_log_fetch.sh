#!/usr/bin/env bash
# autoclave_log_fetch.sh - pull new cycle printout files off the sterile
# services autoclave controllers into ./cycles/<unit>/ for the cycle reporter.
#
# The controllers (older Matachana/Getinge panels) only offer their log
# folder over the built-in FTP service.  Credentials come from ./autoclave.netrc
# (machine <host> login <user> password <pw>).
#
# usage: autoclave_log_fetch.sh [-u units.txt] [-d days]

set -euo pipefail

UNITS="units.txt"
DAYS=3
DEST="./cycles"
NETRC="./autoclave.netrc"
LOG="./fetch.log"

usage() { sed -n '2,10p' "$0"; exit "${1:-0}"; }

while getopts "u:d:h" opt; do
  case "$opt" in
    u) UNITS="$OPTARG" ;;
    d) DAYS="$OPTARG" ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

[[ -r "$UNITS" ]] || { log "missing $UNITS"; exit 2; }
[[ -r "$NETRC" ]] || { log "missing $NETRC"; exit 2; }
chmod 600 "$NETRC"

list_remote() {
  local host="$1"
  curl -sS --netrc-file "$NETRC" --max-time 30 --list-only "ftp://${host}/CYCLES/" \
    | tr -d '\r' | grep -Ei '\.(csv|txt)$' || true
}

fetch_unit() {
  local unit="$1" host="$2" n=0 cutoff
  local dir="$DEST/$unit"
  mkdir -p "$dir"
  cutoff=$(date -d "-${DAYS} days" +%Y%m%d)
  while read -r name; do
    # files are named <yyyymmdd>_<cycle>.csv
    local stamp="${name%%_*}"
    [[ "$stamp" =~ ^[0-9]{8}$ && "$stamp" -ge "$cutoff" ]] || continue
    [[ -s "$dir/$name" ]] && continue
    if curl -sS --netrc-file "$NETRC" --max-time 60 -o "$dir/$name.part" "ftp://${host}/CYCLES/${name}"; then
      mv "$dir/$name.part" "$dir/$name"
      n=$((n + 1))
    else
      rm -f "$dir/$name.part"
      log "$unit: failed to fetch $name"
    fi
  done < <(list_remote "$host")
  log "$unit ($host): $n new cycle file(s)"
}

failed=0
while read -r unit host; do
  [[ -z "${unit:-}" || "$unit" == \#* ]] && continue
  if ! fetch_unit "$unit" "$host"; then
    log "$unit: fetch aborted"
    failed=$((failed + 1))
  fi
done < "$UNITS"

log "done, $failed unit(s) with errors"
exit $(( failed > 0 ))
