#!/usr/bin/env bash
# rip_cache_cleanup.sh - end-of-day tidy for the print/cut workstation
#
# The RIP leaves rasterised previews, finished spool files and packed job
# bundles in the job folder. This clears out what is safe to regenerate so
# the SSD does not fill up over a busy month of fleet wraps.
#
# usage: ./rip_cache_cleanup.sh [-k days] [-n] [job_folder]
#   -k  keep finished spool files newer than this many days (default 3)
#   -n  dry run: list what would be removed

set -uo pipefail

KEEP_DAYS=3
DRY_RUN=0

while getopts ":k:nh" opt; do
  case "$opt" in
    k) KEEP_DAYS="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option -$OPTARG" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

WORKDIR="${1:-$PWD}"
cd "$WORKDIR" || { echo "cannot enter $WORKDIR" >&2; exit 1; }
[[ -f .ripjobs ]] || { echo "$WORKDIR is not a RIP job folder (.ripjobs missing)" >&2; exit 1; }

LOG="./cleanup.log"
log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; echo "$*"; }

freed=0
remove() {
  local target="$1" size
  [[ -e "$target" ]] || return 0
  size=$(du -sk -- "$target" 2>/dev/null | cut -f1)
  if (( DRY_RUN )); then
    log "would remove $target (${size:-0} KB)"
  else
    rm -rf -- "$target" && freed=$((freed + ${size:-0}))
  fi
}

log "cleanup started in $WORKDIR (keep ${KEEP_DAYS}d)"

# rasterised previews and the RIP's tile cache
for d in ./rip-cache ./previews ./.thumbs; do
  remove "$d"
done

# finished spool files
while IFS= read -r -d '' f; do
  remove "$f"
done < <(find ./spool -maxdepth 1 -type f -name '*.done' -mtime +"$KEEP_DAYS" -print0 2>/dev/null)

# packed job bundles that were already uploaded
if [[ -d ./bundles ]]; then
  while IFS= read -r -d '' b; do
    if [[ -f "${b%.zip}.uploaded" ]]; then
      remove "$b"
      remove "${b%.zip}.uploaded"
    fi
  done < <(find ./bundles -maxdepth 1 -name '*.zip' -print0)
fi

# build leftovers from the nesting helper scripts
remove ./build
while IFS= read -r -d '' p; do
  remove "$p"
done < <(find . -type d -name '__pycache__' -prune -print0)

if (( DRY_RUN )); then
  log "dry run finished"
else
  log "cleanup finished, freed $((freed / 1024)) MB"
fi
